import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, CLI, CLI_ENV, ensureBuilt } from './support/built-cli.js';

// Every `hearback …` command the README and the OpenAPI document (which /docs and /skill.md show)
// tell a user to type is one the CLI as shipped has: a renamed command must not live on in the docs
// (`hearback plan set` did, for `hearback orgs set-plan`).

const execFileAsync = promisify(execFile);
const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..', '..');

/** The command words of a command line: `hearback orgs set-plan ORG PLAN` → `orgs set-plan`. */
function commandWords(line: string): string | undefined {
  const words: string[] = [];
  for (const token of line.trim().split(/\s+/).slice(1)) {
    if (!/^[a-z][a-z-]*$/.test(token)) break;
    words.push(token);
  }
  return words.length > 0 ? words.join(' ') : undefined;
}

/**
 * The commands named in a document: inline code and shell lines that start with `hearback `. An
 * inline example the text then corrects (`hearback orgs lst` → `Did you mean …`) is a typo on purpose.
 */
function documentedCommands(text: string): Set<string> {
  const commands = new Set<string>();
  for (const match of text.matchAll(/`(hearback [^`]+)`(\s*→\s*`Did you\s+mean)?/g)) {
    const words = match[2] ? undefined : commandWords(match[1] ?? '');
    if (words) commands.add(words);
  }
  for (const match of text.matchAll(/^(?:[A-Z_]+=\S+ )*(hearback .+)$/gm)) {
    const words = commandWords(match[1] ?? '');
    if (words) commands.add(words);
  }
  return commands;
}

async function help(words: string): Promise<{ code: number; stdout: string }> {
  try {
    const { stdout } = await execFileAsync(process.execPath, [CLI, ...words.split(' '), '--help'], { env: CLI_ENV });
    return { code: 0, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '' };
  }
}

describe('hearback commands the documentation names', () => {
  beforeAll(() => ensureBuilt(), BUILD_TIMEOUT_MS);

  const readme = documentedCommands(readFileSync(join(ROOT, 'README.md'), 'utf8'));
  // Descriptions in the JSON document escape nothing a command line holds, so its text reads as is.
  const openapi = documentedCommands(readFileSync(join(ROOT, 'openapi', 'openapi.json'), 'utf8'));

  it('finds the commands the README teaches (so an empty match cannot pass)', () => {
    expect([...readme]).toEqual(expect.arrayContaining(['serve', 'init', 'orgs set-plan', 'export', 'search reindex']));
    expect([...openapi]).toContain('orgs set-plan');
  });

  it.each([...new Set([...readme, ...openapi])])('hearback %s exists', async (words) => {
    const { code, stdout } = await help(words);
    expect(code, `hearback ${words} --help`).toBe(0);
    expect(stdout).toContain(`Usage: hearback ${words} `);
  });
});
