import { describe, expect, it } from 'vitest';
import { openFuzzRuntime } from './fuzz/fuzz-runtime.js';
import { loadDocument, operationsOf } from './fuzz/openapi-operations.js';
import { describeFailure, formatCounts } from './fuzz/report.js';
import { runFuzz } from './fuzz/runner.js';
import { dialectsUnderTest, postgresAdminUrl } from './support/harness.js';

/**
 * A short seeded run of the contract fuzzer (`pnpm fuzz` runs long); change the seed to explore.
 * How many operations a draw answers with success at least once varies with the seed: 69 to 77 of
 * 107 over five seeds when `previewInvite` was added; 71 to 81 of 112 over five seeds once the
 * deletes and erasures came (their successes need an existing id, or a body of exactly one member,
 * which the generator now draws from the document's `minProperties`/`maxProperties`). Seed 3 at 30
 * draws an operation gives 81 on both databases, against the 79 the check below asks.
 */
const SEED = 3;
/**
 * Enough that most operations (secrets, automations, REST hooks, pages, members included) answer 2xx
 * once: a number per operation, so that an operation added does not thin out the others' draws.
 */
const RUNS = 30 * operationsOf(loadDocument()).length;

describe('contract fuzzer (short seeded run)', () => {
  it.each(dialectsUnderTest())(
    'every answer of %s keeps the OpenAPI document',
    async (dialect) => {
      const { runtime, cleanup } = await openFuzzRuntime(dialect, postgresAdminUrl());
      try {
        const result = await runFuzz(runtime, { runs: RUNS, seed: SEED });
        const report = [
          formatCounts(result, `fuzz ${dialect}`),
          ...result.failures.map((failure) => describeFailure(failure, SEED)),
        ];
        expect(result.failureCount, report.join('\n\n')).toBe(0);
        // Not vacuous: most operations answered with success at least once.
        const succeeded = [...result.byOperation.values()].filter((counts) =>
          [...counts.statuses.keys()].some((status) => status < 300),
        );
        expect(succeeded.length, formatCounts(result, dialect)).toBeGreaterThan(result.byOperation.size * 0.7);
      } finally {
        await cleanup();
      }
    },
    120_000,
  );
});
