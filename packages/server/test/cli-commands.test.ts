import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { runCli, spawnServe, useBuiltCli } from './support/built-cli.js';

// What a user typing `hearback …` meets before any command runs: the commands the help lists, and
// what a command line naming none of them does. The CLI as shipped (dist/cli.js), in child processes.

const cli = (...args: string[]) => runCli(args);

/** The entries of a help text's "Commands:" section, each as its lines (one, when it fits on one). */
function commandEntries(help: string): { name: string; lines: string[] }[] {
  const section = help.split('\nCommands:\n')[1]?.split('\n\n')[0] ?? '';
  const entries: { name: string; lines: string[] }[] = [];
  for (const line of section.split('\n').filter(Boolean)) {
    const entry = /^ {2}(\S+)/.exec(line);
    if (entry?.[1]) entries.push({ name: entry[1], lines: [line] });
    else entries.at(-1)?.lines.push(line);
  }
  return entries;
}

describe('hearback commands', () => {
  const newDataDir = useBuiltCli('cli-commands');

  describe('a command line that names no command', () => {
    it.each([
      ['first', (dataDir: string) => ['fooo', '--data-dir', dataDir]],
      ['after options', (dataDir: string) => ['--data-dir', dataDir, 'fooo']],
    ])('exits 2 with "unknown command", and starts nothing (the word %s)', async (_where, commandLine) => {
      const dataDir = newDataDir();
      const result = await cli(...commandLine(dataDir));
      expect(result.code).toBe(2);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain("unknown command 'fooo'");
      expect(result.stderr).not.toContain('Did you mean');
      expect(result.stderr).toContain("'hearback --help'");
      // Not taken for serve: no database was opened in the data directory.
      expect(readdirSync(dataDir)).toEqual([]);
    });

    it.each([
      [['orgs', 'lst'], "'orgs lst'", 'orgs list'],
      [['ogrs', 'list'], "'ogrs'", 'orgs list'],
      [['serv'], "'serv'", 'serve'],
      [['search', 'reindx'], "'search reindx'", 'search reindex'],
      [['exprot', '--org', 'acme'], "'exprot'", 'export'],
      [['help', 'exprot'], "'exprot'", 'export'],
      // Options after a mistyped command in a group are the command's, not the group's unknown ones.
      [['orgs', 'lst', '--data-dir', 'D'], "'orgs lst'", 'orgs list'],
      [['search', 'stauts', '--org', 'acme'], "'search stauts'", 'search status'],
      // The start of a command's last word: too far from it for an edit, but only it begins so.
      [['secrets', 'rotate'], "'secrets rotate'", 'secrets rotate-master'],
      [['secrets', 'rotate', '--data-dir', 'D'], "'secrets rotate'", 'secrets rotate-master'],
    ])('%j: exits 2 and suggests the command meant', async (words, unknown, meant) => {
      const result = await cli(...words);
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toContain(`unknown command ${unknown}`);
      expect(result.stderr).toContain(`Did you mean '${meant}'?`);
    });
  });

  it('help about no command exits 2 as the command would; help about one shows its help', async () => {
    const unknown = await cli('help', 'fooo');
    expect(unknown).toMatchObject({ code: 2, stdout: '' });
    expect(unknown.stderr).toContain("unknown command 'fooo'");
    const known = await cli('help', 'orgs');
    expect(known.code).toBe(0);
    expect(known.stdout).toContain('Usage: hearback orgs');
  });

  it('a command after options is named as such, not as an unknown command', async () => {
    const dataDir = newDataDir();
    for (const command of [['serve'], ['orgs', 'list']]) {
      const result = await cli('--data-dir', dataDir, ...command);
      expect(result).toMatchObject({ code: 2, stdout: '' });
      expect(result.stderr).toContain(`the command '${command.join(' ')}' must come before its options`);
    }
    expect(readdirSync(dataDir)).toEqual([]);
  });

  it('with no command at all, serves (serve is the default command)', async () => {
    const server = await spawnServe(newDataDir(), {}, []);
    expect((await fetch(`${server.url}/openapi.json`)).status).toBe(200);
    expect(await server.stop()).toBe(0);
  });

  it('a group without its command shows its help and fails; `help <command>` in a group still works', async () => {
    const bare = await cli('orgs');
    expect(bare.code).toBe(1);
    expect(bare.stderr).toContain('Usage: hearback orgs');
    const help = await cli('orgs', 'help', 'list');
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: hearback orgs list');
  });

  it('--help lists every command with a one-line description, and `<command> --help` works for each', async () => {
    const visited: string[] = [];
    const visit = async (path: string[]) => {
      const result = await cli(...path, '--help');
      expect(result.code, `hearback ${path.join(' ')} --help`).toBe(0);
      expect(result.stdout).toContain(`Usage: hearback ${path.join(' ')}`.trimEnd());
      visited.push(path.join(' '));
      for (const { name, lines } of commandEntries(result.stdout)) {
        if (name === 'help') continue;
        expect(lines, `the entry of '${[...path, name].join(' ')}'`).toHaveLength(1);
        expect(lines[0], `the description of '${[...path, name].join(' ')}'`).toMatch(/^ {2}\S.*\S {2,}\S/);
        await visit([...path, name]);
      }
    };
    await visit([]);
    expect(visited).toEqual(
      expect.arrayContaining([
        'serve',
        'init',
        'migrate',
        'orgs',
        'orgs list',
        'orgs set-plan',
        'export',
        'search reindex',
        'search status',
        'secrets rotate-master',
      ]),
    );
  });
});
