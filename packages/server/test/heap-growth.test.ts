import { execFile } from 'node:child_process';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, CLI, ensureBuilt } from './support/built-cli.js';

const run = promisify(execFile);
const HEAP_GROWTH = pathToFileURL(join(dirname(CLI), 'lib', 'heap-growth.js')).href;

/**
 * The shape of `/collect` load for the garbage collector: a live heap that stays,
 * and many objects that live long enough to be promoted (they wait for a commit), then die.
 * Prints the largest old generation seen, in MB.
 */
const WORKLOAD = `
import { getHeapSpaceStatistics } from 'node:v8';
const { limitHeapGrowth } = await import(${JSON.stringify(HEAP_GROWTH)});
if (process.argv.includes('--limit')) limitHeapGrowth();
const oldUsed = () => getHeapSpaceStatistics().find((space) => space.space_name === 'old_space').space_used_size;
const live = Array.from({ length: 600_000 }, (_, i) => ({ i, text: 'live ' + i }));
const waiting = [];
let largest = 0;
for (let round = 0; round < 3000; round++) {
  waiting.push(Array.from({ length: 2000 }, (_, i) => ({ round, i, text: 'garbage ' + round + ' ' + i })));
  if (waiting.length > 40) waiting.shift();
  if (round % 10 === 0) largest = Math.max(largest, oldUsed());
}
process.stdout.write(JSON.stringify({ largestMb: largest / 2 ** 20, kept: live.length + waiting.length }));
`;

async function largestOldGeneration(limit: boolean): Promise<number> {
  const { stdout } = await run(process.execPath, [
    '--input-type=module',
    '-e',
    WORKLOAD,
    ...(limit ? ['--', '--limit'] : []),
  ]);
  return (JSON.parse(stdout) as { largestMb: number }).largestMb;
}

describe('limitHeapGrowth (hearback serve)', () => {
  beforeAll(async () => {
    await ensureBuilt();
  }, BUILD_TIMEOUT_MS);

  it('lets the old generation grow to a smaller multiple of the live heap than V8 alone does', async () => {
    // Measured: 265–269 MB alone, 171–178 MB limited.
    const unlimited = await largestOldGeneration(false);
    const limited = await largestOldGeneration(true);
    expect(limited).toBeLessThan(unlimited * 0.8);
    // Two servers loaded in turn: about 9 s alone, more beside other files on two cores.
  }, 90_000);
});
