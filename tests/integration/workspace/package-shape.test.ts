import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SOURCE_CONDITION } from '../../../vitest.shared.js';
import { publishedPackages } from '../support/packages.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

/** Every workspace project's package.json, from the globs of pnpm-workspace.yaml. */
function workspaceManifests(): Manifest[] {
  const globs = [...readFileSync(`${ROOT}pnpm-workspace.yaml`, 'utf8').matchAll(/^ {2}- (\S+)$/gm)].map(
    (match) => match[1] ?? '',
  );
  const dirs = globs.flatMap((glob) =>
    glob.endsWith('/*')
      ? readdirSync(`${ROOT}${glob.slice(0, -2)}`).map((name) => `${ROOT}${glob.slice(0, -2)}/${name}/`)
      : [`${ROOT}${glob}/`],
  );
  return dirs
    .filter((dir) => existsSync(`${dir}package.json`))
    .map((dir) => JSON.parse(readFileSync(`${dir}package.json`, 'utf8')) as Manifest);
}

/** A dependency path that leads back to where it started, or undefined. */
function findCycle(graph: Map<string, string[]>): string[] | undefined {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]): string[] | undefined => {
    if (state.get(name) === 'visiting') return [...path.slice(path.indexOf(name)), name];
    if (state.get(name) === 'done') return undefined;
    state.set(name, 'visiting');
    for (const next of graph.get(name) ?? []) {
      const cycle = visit(next, [...path, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return undefined;
  };
  for (const name of graph.keys()) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return undefined;
}

describe('the workspace', () => {
  it('has no dependency cycle, dev-dependencies included', () => {
    const manifests = workspaceManifests();
    const names = new Set(manifests.map((manifest) => manifest.name));
    const graph = new Map(
      manifests.map((manifest) => [
        manifest.name,
        [
          manifest.dependencies,
          manifest.devDependencies,
          manifest.peerDependencies,
          manifest.optionalDependencies,
        ].flatMap((deps) => Object.keys(deps ?? {}).filter((dep) => names.has(dep))),
      ]),
    );
    expect(graph.get('@hearback/server')).toContain('@hearback/mcp');
    expect(findCycle(graph)).toBeUndefined();
  });

  it('finds a cycle when there is one (the check itself works)', () => {
    const graph = new Map([
      ['a', ['b']],
      ['b', ['c']],
      ['c', ['a']],
    ]);
    expect(findCycle(graph)).toEqual(['a', 'b', 'c', 'a']);
  });
});

describe.each(publishedPackages().map((pkg) => [pkg.json.name, pkg] as const))('%s exports', (_name, pkg) => {
  const { exports = {}, publishConfig } = pkg.json;

  it('point at the source under the source condition and at dist otherwise', () => {
    for (const [subpath, target] of Object.entries(exports)) {
      if (subpath === './package.json') continue;
      expect(target, subpath).toEqual({
        [SOURCE_CONDITION]: expect.stringMatching(/^\.\/src\/.+\.tsx?$/),
        types: expect.stringMatching(/^\.\/dist\/.+\.d\.ts$/),
        default: expect.stringMatching(/^\.\/dist\/.+\.js$/),
      });
      // The first key wins in Node's resolution: the source condition must come first.
      expect(Object.keys(target)[0], subpath).toBe(SOURCE_CONDITION);
      expect(existsSync(`${pkg.dir}${(target as Record<string, string>)[SOURCE_CONDITION]?.slice(2)}`)).toBe(true);
    }
  });

  it('are published as the same map without the source condition', () => {
    const published = Object.fromEntries(
      Object.entries(exports).map(([subpath, target]) => {
        if (typeof target === 'string') return [subpath, target];
        const { [SOURCE_CONDITION]: _source, ...rest } = target;
        return [subpath, rest];
      }),
    );
    expect(publishConfig?.exports).toEqual(published);
  });
});
