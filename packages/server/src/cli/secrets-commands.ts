import type { Command } from 'commander';
import type { CommandContext } from './command-context.js';
import type { RotateMasterOptions } from './rotate-master.js';
import { commandGroup } from './unknown-command.js';

/**
 * `hearback secrets …`: operations on the server master secret and what it seals.
 *
 * @example
 * registerSecretsCommands(program, { dataDirOption, configFrom });
 */
export function registerSecretsCommands(program: Command, context: CommandContext): void {
  const secrets = commandGroup(program, 'secrets', 'Operate on the server master secret');
  secrets
    .command('rotate-master')
    .summary('Re-encrypt sealed values under a new master secret')
    .description(
      'Re-encrypt every sealed value (organization secrets, webhook signing secrets) under a new server ' +
        'master secret, in one transaction; stop the servers first',
    )
    .option(
      '--new-secret-file <path>',
      'take the new secret from this file (mode 0600, at least 32 characters); default: generate one',
    )
    .addOption(context.dataDirOption())
    .addHelpText(
      'after',
      '\nStop every server and worker using the database first: one still running keeps sealing with the\n' +
        'old secret, and what it seals no longer opens. The current secret is read where serve reads it:\n' +
        'HEARBACK_SECRET, else <data dir>/server-secret (DATABASE_URL selects PostgreSQL as for serve).\n' +
        '\n' +
        'With the secret file, the new secret replaces it (mode 0600) once the database committed.\n' +
        'With HEARBACK_SECRET, a generated secret is printed once to stdout (or pass --new-secret-file);\n' +
        'set HEARBACK_SECRET to it in every process before starting them again.\n' +
        '\n' +
        'Stored Idempotency-Key replays (kept a day) cannot be re-sealed and are deleted. Backups taken\n' +
        'before the rotation need the old secret.',
    )
    .action(async (options: RotateMasterOptions) => {
      try {
        const { rotateMaster } = await import('./rotate-master.js');
        await rotateMaster(await context.configFrom(options, { runJobs: false }), options);
      } catch (error) {
        program.error(error instanceof Error ? error.message : String(error));
      }
    });
}
