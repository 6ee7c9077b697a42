import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../src/storage/database.js';
import { migrationsRecorded } from '../src/storage/migrate.js';
import { runCli, useBuiltCli } from './support/built-cli.js';
import { postgresAdminUrl } from './support/harness.js';
import { createTestDatabase } from './support/postgres-server.js';

// The commands that read or change an instance refuse where there is none (a data directory
// mistyped, never made), creating nothing: only `init` and `serve` make an instance. The CLI as
// shipped (dist/cli.js), in child processes.

const SECRET = 'an operator secret of at least thirty-two characters';

/** Each command that operates on an existing instance, with what it needs besides --data-dir. */
const COMMANDS: [string, (dir: string) => string[]][] = [
  ['orgs list', () => ['orgs', 'list']],
  ['orgs set-plan', () => ['orgs', 'set-plan', 'org_01jd3x2k9v6c4h8m2n5p7q1r3s', 'team']],
  ['export', () => ['export', '--org', 'acme']],
  ['search status', () => ['search', 'status']],
  ['search reindex', () => ['search', 'reindex']],
  ['secrets rotate-master', () => ['secrets', 'rotate-master']],
  ['backup', (dir) => ['backup', '--to', join(dir, 'copy.db')]],
];

describe('commands on an existing instance, where there is none', () => {
  const newDir = useBuiltCli('existing-instance');

  // With HEARBACK_SECRET too: the secret file is then not what stops them (rotate-master created
  // a database and "rotated" it).
  describe.each([
    ['without', {}],
    ['with HEARBACK_SECRET', { HEARBACK_SECRET: SECRET }],
  ])('%s', (_with, env: Record<string, string>) => {
    it.each(COMMANDS)('%s in a mistyped data directory exits 1, says so and creates nothing', async (_name, args) => {
      const parent = newDir();
      const typo = join(parent, 'typo');
      const result = await runCli([...args(parent), '--data-dir', typo], env);
      expect(result.code).toBe(1);
      expect(result.stderr).toContain(`There is no Hearback database in ${typo} (no hearback.db).`);
      expect(result.stderr).toContain('`hearback init` or `hearback serve` creates a new instance');
      expect(result.stdout).toBe('');
      expect(readdirSync(parent)).toEqual([]);
    });
  });

  it('init and serve still make an instance where there is none, and the commands then run', async () => {
    const dataDir = join(newDir(), 'data');
    expect((await runCli(['init', '--org', 'Acme', '--data-dir', dataDir])).code).toBe(0);
    const listed = await runCli(['orgs', 'list', '--data-dir', dataDir]);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toContain('Acme');
  });

  it.skipIf(!postgresAdminUrl())(
    'on PostgreSQL, a database without Hearback tables is named as such and left without them',
    async () => {
      const empty = await createTestDatabase(postgresAdminUrl());
      try {
        const dir = newDir();
        const result = await runCli(['orgs', 'list', '--data-dir', join(dir, 'data')], {
          DATABASE_URL: empty.url,
          HEARBACK_SECRET: SECRET,
        });
        expect(result.code).toBe(1);
        expect(result.stderr).toMatch(/The PostgreSQL database \S+ has no Hearback tables\. Check DATABASE_URL/);
        expect(existsSync(join(dir, 'data'))).toBe(false);
        const database = await openDatabase({ databaseUrl: empty.url, dataDir: dir });
        try {
          expect(await migrationsRecorded(database)).toBe(false);
        } finally {
          await database.close();
        }
      } finally {
        await empty.drop();
      }
    },
  );
});
