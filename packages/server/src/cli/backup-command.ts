import { resolve } from 'node:path';
import type { Command } from 'commander';
import type { CommandContext } from './command-context.js';
import { USAGE_EXIT_CODE } from './unknown-command.js';

/**
 * `hearback backup --to <file>`: a consistent, checked copy of the SQLite database, taken while the
 * server runs (PostgreSQL has its own tools: pg_dump).
 *
 * @example
 * registerBackupCommand(program, { dataDirOption, configFrom });
 */
export function registerBackupCommand(program: Command, context: CommandContext): void {
  program
    .command('backup')
    .summary('Copy the SQLite database while the server runs')
    .description('Copy the SQLite database to a new file, consistent and checked, while servers keep using it')
    .requiredOption('--to <file>', 'where to write the copy (a new file)')
    .addOption(context.dataDirOption())
    .addHelpText(
      'after',
      '\nThe copy is one snapshot of the database (what the WAL holds included), synced to disk and checked\n' +
        'before the command reports it. It never overwrites a file.\n' +
        '\n' +
        'Keep the server secret with your backups (HEARBACK_SECRET, else <data dir>/server-secret): the\n' +
        "organizations' secrets and webhook signing secrets in the copy open only with it.\n" +
        '\n' +
        'To restore: stop the server, move hearback.db, hearback.db-wal and hearback.db-shm out of the data\n' +
        'directory, put the copy there as hearback.db, and start the server (it migrates an older copy).\n' +
        'On PostgreSQL (DATABASE_URL), use pg_dump and pg_restore instead.',
    )
    .action(async (options: { to: string; dataDir?: string }) => {
      const config = await context.configFrom(options, { runJobs: false });
      if (config.databaseUrl) {
        program.error('hearback backup copies the SQLite database; DATABASE_URL selects PostgreSQL: use pg_dump.', {
          exitCode: USAGE_EXIT_CODE,
          code: 'hearback.backupPostgres',
        });
      }
      const [{ backupSqlite, BackupError }, { NoDatabaseError }] = await Promise.all([
        import('../storage/sqlite/backup.js'),
        import('../storage/no-database.js'),
      ]);
      const target = resolve(options.to);
      const started = Date.now();
      try {
        const { source, bytes, feedback } = backupSqlite(config.dataDir, target);
        const seconds = ((Date.now() - started) / 1000).toFixed(1);
        process.stdout.write(
          `Backed up ${source} to ${target}: ${(bytes / 1_048_576).toFixed(1)} MB, ` +
            `${feedback.toLocaleString('en-US')} feedback items, checked (${seconds} s).\n` +
            'Keep the server secret with it: encrypted values in the copy open only with that secret.\n',
        );
      } catch (error) {
        if (error instanceof BackupError || error instanceof NoDatabaseError)
          program.error(`hearback backup: ${error.message}`);
        throw error;
      }
    });
}
