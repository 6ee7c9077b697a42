import { counted } from '@hearback/spec';
import { type Command, InvalidArgumentError } from 'commander';
import type { CommandContext } from './command-context.js';
import { openInstance } from './open-instance.js';
import { ORGANIZATION_ARGUMENT, organizationNamed } from './organization-argument.js';
import { createProgress, formatDuration, type Progress } from './progress.js';
import { commandGroup } from './unknown-command.js';

function parseBatch(value: string): number {
  const batch = Number(value);
  if (!Number.isInteger(batch) || batch < 1 || batch > 1000) throw new InvalidArgumentError('Expected 1–1000.');
  return batch;
}

interface ReindexCommandOptions {
  org?: string;
  batch?: number;
  force?: boolean;
  dataDir?: string;
}

/**
 * Stops after the batch in progress on the first SIGINT/SIGTERM, so the run ends with everything
 * embedded so far committed; a second signal exits at once (committed batches stay either way).
 */
function stopOnSignals(controller: AbortController): () => void {
  const onSignal = (signal: NodeJS.Signals) => {
    if (controller.signal.aborted) process.exit(130);
    process.stderr.write(`\n${signal}: stopping after the current batch (again to quit now)…\n`);
    controller.abort();
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return () => {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
  };
}

async function reindex(program: Command, context: CommandContext, options: ReindexCommandOptions) {
  const config = await context.configFrom(options, { runJobs: false });
  if (config.search.embedder === 'off') {
    program.error('Search is disabled (HEARBACK_SEARCH=off), so there is nothing to reindex.');
  }
  const runtime = await openInstance(config);
  const controller = new AbortController();
  const release = stopOnSignals(controller);
  let failure: string | undefined;
  let progress: Progress | undefined;
  try {
    if (!runtime.reindex) throw new Error('search is disabled');
    const orgId = options.org === undefined ? undefined : (await organizationNamed(runtime.store, options.org)).id;
    const summary = await runtime.reindex.run({
      orgId,
      batchSize: options.batch,
      force: options.force,
      signal: controller.signal,
      onStart: (total, organizations) => {
        process.stdout.write(
          `Reindexing ${counted(total, 'item')} in ${counted(organizations, 'organization')} with model ${runtime.reindex?.model}${options.force ? ' (--force)' : ''}.\n`,
        );
        progress = createProgress({ total, stream: process.stderr });
      },
      onProgress: (done) => progress?.update(done),
    });
    const seconds = progress?.finish() ?? 0;
    const rate = seconds > 0 ? ` (${(summary.embedded / seconds).toFixed(1)}/s)` : '';
    if (summary.interrupted) {
      process.stdout.write(
        `Interrupted after ${counted(summary.embedded, 'item')}; run the command again to resume.\n`,
      );
      process.exitCode = 130;
    } else if (summary.embedded === 0) {
      process.stdout.write('Nothing to embed; search is up to date.\n');
    } else {
      process.stdout.write(
        `Embedded ${counted(summary.embedded, 'item')} in ${formatDuration(seconds)}${rate}; search is up to date.\n`,
      );
    }
  } catch (error) {
    progress?.finish();
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    release();
    await runtime.close();
  }
  if (failure) program.error(failure);
}

async function status(program: Command, context: CommandContext, options: { org?: string; dataDir?: string }) {
  const config = await context.configFrom(options, { runJobs: false });
  if (config.search.embedder === 'off') program.error('Search is disabled (HEARBACK_SEARCH=off).');
  const runtime = await openInstance(config);
  let failure: string | undefined;
  try {
    const orgId = options.org === undefined ? undefined : (await organizationNamed(runtime.store, options.org)).id;
    const statuses = (await runtime.reindex?.status(orgId)) ?? [];
    process.stdout.write(`Configured model: ${runtime.reindex?.model}\n`);
    for (const { orgId, recorded, missing } of statuses) {
      const model = recorded ? `${recorded.model}${recorded.dim ? ` (${recorded.dim})` : ''}` : '-';
      process.stdout.write(`${orgId}  ${(recorded?.state ?? '-').padEnd(10)}  ${model}  ${missing} to embed\n`);
    }
  } catch (error) {
    failure = error instanceof Error ? error.message : String(error);
  } finally {
    await runtime.close();
  }
  if (failure) program.error(failure);
}

/**
 * `hearback search …`: operations on the semantic search index.
 *
 * @example
 * registerSearchCommands(program, { dataDirOption, configFrom });
 */
export function registerSearchCommands(program: Command, context: CommandContext): void {
  const search = commandGroup(program, 'search', 'Operate on the semantic search index');
  search
    .command('reindex')
    .summary('Embed the feedback search cannot find by meaning yet')
    .description(
      'Embed every feedback comment that has no vector of the configured model (HEARBACK_SEARCH), in ' +
        'batches; interrupt it at any time and run it again to resume',
    )
    .option('--org <org>', `only this organization (default: all): ${ORGANIZATION_ARGUMENT}`)
    .option('--batch <n>', 'items per model call and commit (default 32)', parseBatch)
    .option('--force', 're-embed every comment, even those that already have a vector of the model')
    .addOption(context.dataDirOption())
    .addHelpText(
      'after',
      '\nIt reads the settings serve reads: DATABASE_URL (PostgreSQL instead of --data-dir), HEARBACK_SEARCH\n' +
        '(local | openai) and HEARBACK_EMBEDDINGS_URL, _MODEL, _API_KEY. Ctrl-C stops after the batch in\n' +
        'progress (exit 130); committed batches are kept, so the next run embeds only what is left.\n' +
        'A --force run starts over each time.',
    )
    .action((options: ReindexCommandOptions) => reindex(program, context, options));
  search
    .command('status')
    .summary("Show each organization's search model and backlog")
    .description(
      "Show each organization's recorded search model, whether a reindex is running, and how many " +
        'comments still lack a vector of the configured model',
    )
    .option('--org <org>', `only this organization (default: all): ${ORGANIZATION_ARGUMENT}`)
    .addOption(context.dataDirOption())
    .action((options: { org?: string; dataDir?: string }) => status(program, context, options));
}
