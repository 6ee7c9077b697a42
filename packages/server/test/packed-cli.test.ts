import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dropTable } from './support/broken-database.js';
import { BUILD_TIMEOUT_MS, CLI, CLI_ENV, ensureBuilt } from './support/built-cli.js';

const run = promisify(execFile);
const PACKAGE_DIR = resolve(dirname(CLI), '..');

/** Every file under `dir`, by its path relative to `dir`. */
function filesUnder(dir: string, root = dir): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name), root) : [relative(root, join(dir, entry.name))],
  );
}

// The package as npm users get it: packed as `pnpm publish` packs it, unpacked where an install puts
// it (node_modules/@hearback/server), run from there; its dependencies are the workspace's, by a link.
describe('the packed @hearback/server', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearback-packed-'));
  const unpacked = join(dir, 'node_modules', '@hearback', 'server');
  let files: string[];

  beforeAll(async () => {
    await ensureBuilt();
    await run('pnpm', ['pack', '--pack-destination', dir], { cwd: PACKAGE_DIR });
    const tarball = readdirSync(dir).find((name) => name.endsWith('.tgz')) ?? '';
    mkdirSync(unpacked, { recursive: true });
    await run('tar', ['-xzf', join(dir, tarball), '-C', unpacked, '--strip-components=1']);
    files = filesUnder(unpacked);
    symlinkSync(join(PACKAGE_DIR, 'node_modules'), join(unpacked, 'node_modules'));
  }, BUILD_TIMEOUT_MS);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('ships the CLI once: the bundle with a source map per file, not also tsc modules of src/cli', () => {
    const bundle = files.filter((file) => /^dist\/cli(-chunk-\w+)?\.js$/.test(file));
    expect(bundle).toContain('dist/cli.js');
    expect(bundle.length).toBeGreaterThan(10);
    expect(files).toEqual(expect.arrayContaining(bundle.map((file) => `${file}.map`)));
    expect(files.filter((file) => file.startsWith('dist/cli/') || file === 'dist/cli.d.ts')).toEqual([]);
    // The library entry stays tsc's modules.
    expect(files).toEqual(expect.arrayContaining(['dist/index.js', 'dist/index.d.ts', 'bin/hearback.js']));
  });

  it('runs commands from the tarball, and their stack traces name src/*.ts lines', async () => {
    const dataDir = join(dir, 'data');
    const bin = join(unpacked, 'bin', 'hearback.js');
    const created = await run(process.execPath, [bin, 'init', '--json', '--data-dir', dataDir], { env: CLI_ENV });
    expect(JSON.parse(created.stdout)).toMatchObject({ orgId: expect.stringMatching(/^org_/) });

    dropTable(dataDir, 'organizations');
    const failed = await run(process.execPath, [bin, 'orgs', 'list', '--data-dir', dataDir], {
      env: { ...CLI_ENV, HEARBACK_LOG_LEVEL: 'debug' },
    }).then(
      () => undefined,
      (error: { code: number; stderr: string }) => error,
    );
    expect(failed?.code).toBe(1);
    expect(failed?.stderr).toMatch(/^hearback: SqliteError: no such table: organizations\n/);
    expect(failed?.stderr).toContain(`(${join(unpacked, 'src', 'cli', 'program.ts')}:`);
    expect(failed?.stderr).not.toMatch(/\/dist\/cli[\w-]*\.js:\d+/);
  });
});
