import { builtinModules } from 'node:module';
import { fileURLToPath } from 'node:url';
import { build, type Plugin } from 'esbuild';
import { describe, expect, it } from 'vitest';

const ENTRY = fileURLToPath(new URL('../src/index.ts', import.meta.url));
const BUILTINS = new Set(builtinModules.flatMap((name) => [name, `node:${name}`]));

/** Bundles `entry` with every dependency and returns the Node built-ins it imports, anywhere. */
async function nodeBuiltinsImportedBy(entry: { path: string } | { contents: string }): Promise<string[]> {
  const found = new Set<string>();
  const recordBuiltins: Plugin = {
    name: 'record-node-builtins',
    setup(pluginBuild) {
      pluginBuild.onResolve({ filter: /.*/ }, (args) => {
        if (!BUILTINS.has(args.path) && !args.path.startsWith('node:')) return undefined;
        found.add(args.path);
        return { path: args.path, external: true };
      });
    },
  };
  await build({
    ...('path' in entry
      ? { entryPoints: [entry.path] }
      : { stdin: { contents: entry.contents, resolveDir: fileURLToPath(new URL('.', import.meta.url)) } }),
    bundle: true,
    write: false,
    format: 'esm',
    platform: 'neutral',
    mainFields: ['module', 'main'],
    logLevel: 'silent',
    plugins: [recordBuiltins],
  });
  return [...found];
}

describe('the @hearback/client entry', () => {
  it('pulls in no Node built-in, directly or through a dependency', async () => {
    expect(await nodeBuiltinsImportedBy({ path: ENTRY })).toEqual([]);
  });

  it('would be caught importing one (the check itself works)', async () => {
    const contents = `export { createHearbackClient } from '../src/index.ts'; export { randomUUID } from 'node:crypto';`;
    expect(await nodeBuiltinsImportedBy({ contents })).toEqual(['node:crypto']);
  });
});
