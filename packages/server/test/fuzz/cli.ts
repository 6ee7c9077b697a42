/**
 * `pnpm fuzz [-- --runs N --seed S --dialect sqlite|postgres]`: the contract fuzzer, long. Sends N
 * requests (default 20,000) per database, prints counts per operation and each failing request,
 * and exits 1 on any failure. PostgreSQL runs on a throwaway server started here.
 */
import { parseArgs } from 'node:util';
import { findPostgresBinaries, type PostgresServer, startPostgres } from '../support/postgres-server.js';
import { openFuzzRuntime } from './fuzz-runtime.js';
import { describeFailure, formatCounts } from './report.js';
import { runFuzz } from './runner.js';

const DIALECTS = ['sqlite', 'postgres'] as const;
type Dialect = (typeof DIALECTS)[number];

function readOptions(): { runs: number; seed: number; dialects: Dialect[] } {
  const { values } = parseArgs({
    args: process.argv.slice(2).filter((arg) => arg !== '--'),
    options: { runs: { type: 'string' }, seed: { type: 'string' }, dialect: { type: 'string' } },
    strict: true,
  });
  const runs = Number(values.runs ?? 20_000);
  const seed = Number(values.seed ?? Date.now() % 2 ** 31);
  const dialect = values.dialect;
  if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`--runs must be a positive integer, not ${values.runs}`);
  if (!Number.isSafeInteger(seed)) throw new Error(`--seed must be an integer, not ${values.seed}`);
  if (dialect !== undefined && !DIALECTS.includes(dialect as Dialect)) {
    throw new Error(`--dialect must be sqlite or postgres, not ${dialect}`);
  }
  return { runs, seed, dialects: dialect ? [dialect as Dialect] : [...DIALECTS] };
}

async function fuzzDialect(dialect: Dialect, runs: number, seed: number, postgres?: PostgresServer): Promise<number> {
  const { runtime, cleanup } = await openFuzzRuntime(dialect, postgres?.url);
  try {
    const started = Date.now();
    const result = await runFuzz(runtime, {
      runs,
      seed,
      keepFailures: 30,
      onProgress: (done) => {
        if (done % 2_000 === 0) process.stderr.write(`  ${dialect}: ${done}/${runs}\n`);
      },
    });
    process.stdout.write(
      `${formatCounts(result, `fuzz ${dialect}`)}\n  (${((Date.now() - started) / 1000).toFixed(1)} s)\n`,
    );
    for (const failure of result.failures) process.stdout.write(`\n${describeFailure(failure, seed)}\n`);
    if (result.failureCount > 0) {
      process.stdout.write(`\nReproduce: pnpm fuzz -- --runs ${runs} --seed ${seed} --dialect ${dialect}\n`);
    }
    return result.failureCount;
  } finally {
    await cleanup();
  }
}

async function main(): Promise<number> {
  const { runs, seed, dialects } = readOptions();
  process.stdout.write(`Contract fuzzer: ${runs} requests per database, seed ${seed}\n`);
  let postgres: PostgresServer | undefined;
  let failures = 0;
  try {
    for (const dialect of dialects) {
      if (dialect === 'postgres') {
        if (!findPostgresBinaries()) throw new Error('PostgreSQL binaries (initdb, pg_ctl, postgres) not found.');
        postgres = await startPostgres();
      }
      failures += await fuzzDialect(dialect, runs, seed, postgres);
    }
  } finally {
    await postgres?.stop();
  }
  return failures > 0 ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(2);
  },
);
