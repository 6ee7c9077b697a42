import { setFlagsFromString } from 'node:v8';

/**
 * How far past the live heap V8 lets the old generation grow before a full collection, in percent
 * (150: to two and a half times the live heap). Measured under `/collect` load in the same runs:
 * at 100 the peak was about 10 MB lower, but on PostgreSQL, whose driver promotes more, full
 * collections then cost about 4 µs a request (2 µs at 150, under 2 µs for V8's own choice).
 */
export const OLD_GENERATION_GROWTH_PERCENT = 150;

const FLAG = '--heap-growing-percent';

/**
 * Caps the old generation's growth between full collections at {@link OLD_GENERATION_GROWTH_PERCENT}.
 * Left to itself V8 lets it reach up to 4× the live heap when full collections are cheap, and
 * under `/collect` load they are (about 6 ms for the server's ≈ 38 MB live heap): every request's
 * objects that are still waiting for their commit at a scavenge get promoted, so the old
 * generation filled with garbage to ≈ 155 MB before each collection, most of the server's peak
 * memory (≈ 300 MB). At two and a half times the peak is about 220 MB, for a full collection
 * every second or so under load.
 * A `--heap-growing-percent` given to node by the operator is kept.
 *
 * @example
 * limitHeapGrowth(); // at the start of `hearback serve`
 */
export function limitHeapGrowth(execArgv: readonly string[] = process.execArgv): void {
  if (execArgv.some((argument) => argument.startsWith(FLAG) || argument.startsWith('--heap_growing_percent'))) return;
  // V8 reads this flag each time it sets the next collection's limit, so setting it at run time applies.
  setFlagsFromString(`${FLAG}=${OLD_GENERATION_GROWTH_PERCENT}`);
}
