import { Command } from 'commander';
import { describe, expect, it } from 'vitest';
import { closestCommand, commandGroup, commandPaths } from './unknown-command.js';

function program(): Command {
  const root = new Command('hearback');
  root.command('serve', { isDefault: true });
  root.command('export');
  const orgs = commandGroup(root, 'orgs', 'Operate on organizations');
  orgs.command('list');
  orgs.command('set-plan');
  commandGroup(root, 'secrets', 'Operate on the server master secret').command('rotate-master');
  return root;
}

describe('unknown commands', () => {
  it('knows every runnable command by its words, groups through their commands', () => {
    expect(commandPaths(program())).toEqual(['serve', 'export', 'orgs list', 'orgs set-plan', 'secrets rotate-master']);
  });

  it.each([
    [['orgs', 'lst'], 'orgs list'],
    [['ogrs', 'list'], 'orgs list'],
    [['orgs', 'set-paln', 'org_1', 'team'], 'orgs set-plan'],
    [['exprot'], 'export'],
    [['serv'], 'serve'],
    [['secrets', 'rotate'], 'secrets rotate-master'],
  ])('%j is close to %s', (words, meant) => {
    expect(closestCommand(words, commandPaths(program()))).toBe(meant);
  });

  it.each([[['fooo']], [['orgs', 'remove']], [['list']], [['s']], [['secrets', 'ro']], [['sec']]])(
    '%j is close to no command: no guess',
    (words) => {
      expect(closestCommand(words, commandPaths(program()))).toBeUndefined();
    },
  );
});
