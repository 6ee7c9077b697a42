import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';
import { HEARBACK_TOOLS } from './index.js';

it("the README's tool table names the scopes each tool accepts, as its operation does", () => {
  const readme = readFileSync(new URL('../../README.md', import.meta.url), 'utf8');
  const documented = new Map<string, string>();
  for (const [, name, scopes] of readme.matchAll(/^\| `([a-z_]+)`\s*\| ([^|]+?)\s*\|/gm))
    documented.set(name as string, scopes as string);
  const expected = HEARBACK_TOOLS.map((tool) => [
    tool.name,
    tool.acceptedScopes.map((scope) => `\`${scope}\``).join(' or '),
  ]);
  expect(expected.map(([name]) => [name, documented.get(name as string)])).toEqual(expected);
});
