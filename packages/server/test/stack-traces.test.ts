import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { dropTable } from './support/broken-database.js';
import { BUILD_TIMEOUT_MS, CLI, CLI_ENV, ensureBuilt, spawnServe } from './support/built-cli.js';

const run = promisify(execFile);

// The built CLI is a bundle of chunks (scripts/bundle-cli.mjs); its stack traces must still name the
// TypeScript a self-hoster can read. The failures are real ones: a table the command reads is gone
// from the SQLite file under it.

/** A stack frame naming a TypeScript source: `(/…/src/cli/program.ts:148:20)`. */
const SOURCE_FRAME = /\((\/[^()]*\/src\/[\w/.-]+\.ts):(\d+):\d+\)$/gm;

/** The `src/…ts` frames of a stack, each with the source line it names. */
function sourceFrames(stack: string): { file: string; line: string }[] {
  return [...stack.matchAll(SOURCE_FRAME)].map(([, file = '', line]) => ({
    file,
    line: readFileSync(file, 'utf8').split('\n')[Number(line) - 1] ?? '',
  }));
}

/** A frame in a file of the bundle itself (dist/cli.js or a chunk), which no map translated. */
const BUNDLE_FRAME = /\/dist\/cli[\w-]*\.js:\d+/;

describe('stack traces of the built CLI', () => {
  let dir: string;
  let dataDir: string;
  let keys: { orgId: string; adminKey: string };

  beforeAll(ensureBuilt, BUILD_TIMEOUT_MS);
  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'hearback-stacks-'));
    dataDir = join(dir, 'data');
    keys = JSON.parse(
      (await run(process.execPath, [CLI, 'init', '--json', '--data-dir', dataDir], { env: CLI_ENV })).stdout,
    );
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('a running server logs an unexpected request error with frames at the src/*.ts lines it came through', async () => {
    const server = await spawnServe(dataDir, { HEARBACK_SEARCH: 'off' });
    try {
      dropTable(dataDir, 'saved_views');
      const response = await fetch(`${server.url}/organizations/${keys.orgId}/views`, {
        headers: { 'x-service-key': keys.adminKey },
      });
      expect(response.status).toBe(500);
      const { requestId } = (await response.json()) as { requestId: string };
      // The whole line: a long stack may arrive in more than one chunk.
      await server.printed(new RegExp(`"requestId":"${requestId}".*\\n`));

      const logged = server
        .output()
        .split('\n')
        .filter((line) => line.includes(requestId))
        .map((line) => JSON.parse(line) as { message: string; error: string });
      expect(logged).toEqual([expect.objectContaining({ message: 'request failed' })]);
      const stack = logged[0]?.error ?? '';
      expect(stack).toMatch(/^SqliteError: no such table: saved_views\n/);
      expect(stack).not.toMatch(BUNDLE_FRAME);
      // The frame names the line that made the call: the views repository's awaited query.
      expect(
        sourceFrames(stack).find(({ file }) => file.endsWith('/src/storage/repositories/saved-views.ts'))?.line,
      ).toMatch(/await query$/);
    } finally {
      await server.stop();
    }
  });

  describe('a failing command', () => {
    async function orgsListFailing(env: Record<string, string>) {
      dropTable(dataDir, 'organizations');
      const failed = await run(process.execPath, [CLI, 'orgs', 'list', '--data-dir', dataDir], {
        env: { ...CLI_ENV, ...env },
      }).then(
        () => undefined,
        (error: { code: number; stderr: string }) => error,
      );
      if (!failed) throw new Error('orgs list succeeded without its table');
      return failed;
    }

    it('prints its stack at HEARBACK_LOG_LEVEL=debug, with frames at the src/*.ts lines it came through', async () => {
      const { code, stderr } = await orgsListFailing({ HEARBACK_LOG_LEVEL: 'debug' });
      expect(code).toBe(1);
      expect(stderr).toMatch(/^hearback: SqliteError: no such table: organizations\n {4}at /);
      expect(stderr).not.toMatch(BUNDLE_FRAME);
      const frames = sourceFrames(stderr);
      expect(frames.find(({ file }) => file.endsWith('/src/cli/program.ts'))?.line).toContain(
        'runtime.services.organizations.list()',
      );
      expect(frames.find(({ file }) => file.endsWith('/src/storage/repositories/organizations.ts'))?.line).toContain(
        "selectFrom('organizations')",
      );
    });

    it('prints only the message at other log levels', async () => {
      const { code, stderr } = await orgsListFailing({ HEARBACK_LOG_LEVEL: 'info' });
      expect(code).toBe(1);
      expect(stderr).toBe('hearback: no such table: organizations\n');
    });
  });
});
