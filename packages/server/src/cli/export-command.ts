import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@hearback/spec';
import { type Command, Option } from 'commander';
import { FILE_FORMATS } from '../services/file-export.js';
import type { CommandContext } from './command-context.js';
import { ORGANIZATION_ARGUMENT } from './organization-argument.js';
import type { ExportCommandOptions } from './run-export.js';

/**
 * `hearback export`: an organization's feedback to a file (or stdout) through the export service,
 * with the list's filters and a progress display on stderr.
 *
 * @example
 * registerExportCommand(program, { dataDirOption, configFrom });
 */
export function registerExportCommand(program: Command, context: CommandContext): void {
  program
    .command('export')
    .summary("Export an organization's feedback as CSV, JSON or NDJSON")
    .description("Export an organization's feedback as CSV, JSON or NDJSON, newest first, with the list's filters")
    .requiredOption('--org <org>', ORGANIZATION_ARGUMENT)
    .addOption(new Option('--format <format>', 'file format').choices(FILE_FORMATS).default('csv'))
    .option('--out <file>', 'write to this file (default, or -: stdout)')
    .addOption(new Option('--type <type>', 'only this feedback type').choices(FEEDBACK_TYPES))
    .option('--score-min <n>', 'lowest score to include')
    .option('--score-max <n>', 'highest score to include')
    .option(
      '--from <date>',
      'created at or after (ISO-8601 date or date-time; a date is a day in the organization’s time zone)',
    )
    .option(
      '--to <date>',
      'created before this date-time, or up to the end of this date (a date is a day in the organization’s time zone)',
    )
    .option('--inbox <inboxId>', 'only this inbox')
    .option('--brand <brandId>', "only this brand's inboxes")
    .option('--source <source>', 'only this context.source')
    .addOption(new Option('--status <status>', 'only this status').choices(FEEDBACK_STATUSES))
    .option('--q <text>', 'comments containing this text (case-insensitive)')
    .option('--assignee <userId>', 'only items assigned to this member')
    .option('--unassigned', 'only items assigned to nobody')
    .option(
      '--tag <tag>',
      'only items carrying this tag; repeat it for items carrying every one',
      (tag: string, tags: string[] | undefined) => [...(tags ?? []), tag],
    )
    .addOption(context.dataDirOption())
    .addHelpText(
      'after',
      '\nIt reads the database serve reads (DATABASE_URL, or --data-dir) directly, not over HTTP. Progress\n' +
        'goes to stderr, so `hearback export --org acme > feedback.csv` works; a file given with --out is\n' +
        'written as <file>.part and renamed when complete.',
    )
    .action(async (options: ExportCommandOptions) =>
      (await import('./run-export.js')).runExport(program, context, options),
    );
}
