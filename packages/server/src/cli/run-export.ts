import { once } from 'node:events';
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PLAIN_MESSAGES } from '@hearback/inputs';
import { counted } from '@hearback/spec';
import type { Command } from 'commander';
import { FeedbackExportQuery } from '../routes/feedback/feedback-export.schemas.js';
import { readDateBounds } from '../services/date-bounds.js';
import { exportFeedback, exportTotal } from '../services/feedback-export.js';
import type { CommandContext } from './command-context.js';
import { openInstance } from './open-instance.js';
import { organizationNamed } from './organization-argument.js';
import { createProgress, formatDuration } from './progress.js';

export interface ExportCommandOptions {
  org: string;
  format: string;
  out?: string;
  type?: string;
  scoreMin?: string;
  scoreMax?: string;
  from?: string;
  to?: string;
  inbox?: string;
  brand?: string;
  source?: string;
  status?: string;
  q?: string;
  assignee?: string;
  unassigned?: boolean;
  /** `--tag`, repeatable. */
  tag?: string[];
  dataDir?: string;
}

/** The command's filters as the HTTP query would carry them, checked by the same schema. */
function parseQuery(options: ExportCommandOptions) {
  const { org: _org, out: _out, dataDir: _dataDir, inbox, brand, assignee, ...rest } = options;
  const query = Object.fromEntries(
    Object.entries({ ...rest, inboxId: inbox, brandId: brand, assigneeId: assignee }).filter(
      (entry): entry is [string, string | boolean | string[]] => entry[1] !== undefined,
    ),
  );
  return FeedbackExportQuery.safeParse(query, PLAIN_MESSAGES);
}

/** Writes to a `.part` file renamed on success, so a failed export never looks like a whole file. */
async function writeFile(chunks: AsyncIterable<string>, out: string): Promise<void> {
  const partial = `${out}.part`;
  try {
    await pipeline(Readable.from(chunks), createWriteStream(partial));
    await rename(partial, out);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

async function writeStdout(chunks: AsyncIterable<string>, stdout: Writable): Promise<void> {
  for await (const chunk of chunks) if (!stdout.write(chunk)) await once(stdout, 'drain');
}

/**
 * `hearback export` as registered in export-command.ts: checks the filters with the HTTP query's
 * schema, then streams the organization's feedback to `--out` or stdout with progress on stderr.
 *
 * @example
 * await runExport(program, context, { org: 'acme', format: 'csv', out: 'feedback.csv' });
 */
export async function runExport(program: Command, context: CommandContext, options: ExportCommandOptions) {
  const parsed = parseQuery(options);
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
    program.error(`Invalid filters: ${issues.join('; ')}`);
  }
  const { format, ...filters } = parsed.data;
  const toStdout = options.out === undefined || options.out === '-';
  const runtime = await openInstance(await context.configFrom(options, { runJobs: false }));
  let failure: string | undefined;
  try {
    const { id: orgId } = await organizationNamed(runtime.store, options.org);
    const scope = { orgId, brandId: null };
    const request = { format, filters: await readDateBounds(runtime.store, orgId, filters) };
    const total = await exportTotal(runtime.store, scope, request.filters);
    const progress = createProgress({ total, stream: process.stderr });
    let written = 0;
    const file = await exportFeedback(runtime.store, scope, {
      ...request,
      onItems: (count) => {
        written += count;
        progress.update(written);
      },
    });
    if (toStdout) await writeStdout(file.chunks, process.stdout);
    else await writeFile(file.chunks, options.out as string);
    const seconds = progress.finish();
    const rate = seconds > 0 && written > 0 ? ` (${Math.round(written / seconds)}/s)` : '';
    process.stderr.write(
      `Exported ${counted(written, 'item')} as ${format} to ${toStdout ? 'stdout' : options.out} in ${formatDuration(seconds)}${rate}.\n`,
    );
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    await runtime.close();
  }
  if (failure) program.error(failure);
}
