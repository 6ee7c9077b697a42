import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENVIRONMENT_VARIABLES } from '../src/config.js';

// The README's configuration table and config.ts (the one reader of the environment) name the same
// settings: a setting the table leaves out is one a self-hoster never learns of, and a row config.ts
// does not read is a setting that does nothing.

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The variables the first column of the README's "Configuration" table names. */
function configurationTableVariables(readme: string): string[] {
  const section = readme.split('\n## Configuration\n')[1]?.split('\n#')[0] ?? '';
  const rows = section.split('\n').filter((line) => line.startsWith('| `'));
  return rows.flatMap((row) => {
    const cell = row.split('|')[1] ?? '';
    const names = [...cell.matchAll(/`([A-Z_]+)`/g)].map((match) => match[1] ?? '');
    // `HEARBACK_EMBEDDINGS_URL`, `_MODEL`, `_API_KEY`: the suffixes share the first name's prefix.
    const prefix = names[0]?.replace(/_[A-Z]+$/, '') ?? '';
    return names.map((name) => (name.startsWith('_') ? `${prefix}${name}` : name));
  });
}

describe('the README configuration table', () => {
  const documented = configurationTableVariables(readFileSync(join(ROOT, 'README.md'), 'utf8'));

  it('names every variable config.ts reads, and only those', () => {
    expect(documented.length).toBeGreaterThan(20);
    expect([...documented].sort()).toEqual([...ENVIRONMENT_VARIABLES].sort());
  });
});
