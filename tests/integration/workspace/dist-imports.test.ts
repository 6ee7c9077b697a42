import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { entryPoints, publishedPackages } from '../support/packages.js';

const run = promisify(execFile);

// Each entry as plain Node 20 imports it inside the workspace (the package importing itself by
// name, so its `exports` and its dependencies' resolve as for a user): dist, never TypeScript.
const ENTRIES = publishedPackages().flatMap((pkg) => entryPoints(pkg).map((entry) => ({ ...entry, dir: pkg.dir })));

/** The names a module exports when plain Node imports `specifier` from `cwd`. */
async function exportsFromNode(specifier: string, cwd: string): Promise<string[]> {
  const script = `const module = await import(${JSON.stringify(specifier)}); console.log(JSON.stringify(Object.keys(module)));`;
  const { stdout } = await run(process.execPath, ['--input-type=module', '--eval', script], { cwd });
  return (JSON.parse(stdout) as string[]).sort();
}

describe('every built package entry from plain Node', () => {
  it('covers every published package', () => {
    expect(ENTRIES.map((entry) => entry.specifier)).toEqual(
      expect.arrayContaining([
        '@hearback/client',
        '@hearback/dashboard/assets',
        '@hearback/inputs',
        '@hearback/mcp',
        '@hearback/mcp/remote',
        '@hearback/node',
        '@hearback/react',
        '@hearback/server',
        '@hearback/spec',
        '@hearback/widget',
        '@hearback/widget/assets',
      ]),
    );
  });

  it.each(ENTRIES)('$specifier imports and exports what its source does', async ({ specifier, dir }) => {
    const built = await exportsFromNode(specifier, dir);
    // Under vitest the same specifier resolves to the TypeScript source (`@hearback/source`).
    const source = Object.keys(await import(/* @vite-ignore */ specifier)).sort();
    expect(built).toEqual(source);
  });
});
