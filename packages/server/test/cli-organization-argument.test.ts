import { beforeAll, describe, expect, it } from 'vitest';
import { runCli, useBuiltCli } from './support/built-cli.js';

// Every command that names an organization takes its id or its slug, which `orgs list` shows. The
// CLI as shipped (dist/cli.js), in child processes.

/** Search configured, with a model nothing calls: none of these commands embeds anything. */
const SEARCH = {
  HEARBACK_SEARCH: 'openai',
  HEARBACK_EMBEDDINGS_URL: 'http://127.0.0.1:9/v1',
  HEARBACK_EMBEDDINGS_MODEL: 'never-called',
};

describe('an organization named on the command line', () => {
  const newDataDir = useBuiltCli('cli-org-argument');
  let dataDir: string;
  let orgId: string;

  beforeAll(async () => {
    dataDir = newDataDir();
    await runCli(['init', '--org', 'Acme', '--data-dir', dataDir]);
    orgId = JSON.parse((await runCli(['init', '--org', 'Second Org', '--json', '--data-dir', dataDir])).stdout).orgId;
  });

  it('orgs list shows each slug beside its id', async () => {
    const listed = await runCli(['orgs', 'list', '--data-dir', dataDir]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^org_[0-9a-z]{26} {2}acme {6}\s*enterprise {2}Acme$/m);
    expect(listed.stdout).toContain(`${orgId}  second-org  enterprise  Second Org\n`);
  });

  it('orgs set-plan takes the slug', async () => {
    const changed = await runCli(['orgs', 'set-plan', 'second-org', 'starter', '--data-dir', dataDir]);
    expect(changed).toMatchObject({ code: 0, stdout: `${orgId} is now on the starter plan.\n` });
  });

  it('search status and search reindex take the slug', async () => {
    const status = await runCli(['search', 'status', '--org', 'second-org', '--data-dir', dataDir], SEARCH);
    expect(status.code).toBe(0);
    expect(status.stdout).toContain(`\n${orgId}  `);
    expect(status.stdout).not.toContain('acme');
    const reindex = await runCli(['search', 'reindex', '--org', 'second-org', '--data-dir', dataDir], SEARCH);
    expect(reindex.code).toBe(0);
    expect(reindex.stdout).toContain('Reindexing 0 items in 1 organization');
  });

  it.each([
    ['orgs set-plan', ['orgs', 'set-plan', 'nope', 'team']],
    ['search status', ['search', 'status', '--org', 'nope']],
    ['search reindex', ['search', 'reindex', '--org', 'nope']],
    ['export', ['export', '--org', 'nope']],
  ])('%s names neither an id nor a slug: one message, exit 1', async (_command, args) => {
    const result = await runCli([...args, '--data-dir', dataDir], SEARCH);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('No organization nope (give its id or slug; see `hearback orgs list`).');
  });
});
