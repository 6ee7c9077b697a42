import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/support/async.js';
import { type ClaimedEvent, START_OF_LOG } from '../storage/repositories/outbox.js';
import type { Store } from '../storage/store.js';
import { JobRunner } from './job-runner.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * A store whose outbox is empty and counts the runner's passes: each reads where the log ends
 * (and finds it empty), taking as long as `read`.
 */
function countingStore(read: () => Promise<unknown> = async () => undefined) {
  const outbox = {
    claimRetries: vi.fn(async () => []),
    completeRetries: vi.fn(async () => {}),
    releaseRetries: vi.fn(async () => {}),
    positionOf: vi.fn(async () => START_OF_LOG),
    latestPosition: vi.fn(async () => {
      await read();
      return START_OF_LOG;
    }),
  };
  return { store: { outbox } as unknown as Store, reads: outbox.latestPosition, retryLooks: outbox.claimRetries };
}

describe('JobRunner wakeDelayMs', () => {
  let runner: JobRunner | undefined;
  afterEach(async () => {
    vi.useRealTimers();
    await runner?.stop();
    runner = undefined;
  });

  it('relays the commits of a busy moment in one run, after the delay', async () => {
    vi.useFakeTimers();
    const { store, reads } = countingStore();
    runner = new JobRunner({ store, pollIntervalMs: HOUR_MS, wakeDelayMs: 50 });
    runner.start();
    await vi.advanceTimersByTimeAsync(60);
    reads.mockClear();

    for (let commit = 0; commit < 20; commit++) {
      runner.wake();
      await vi.advanceTimersByTimeAsync(2);
    }
    // 40 ms of wake-ups: the first one's run is still waiting for company.
    expect(reads).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(reads).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(HOUR_MS / 2);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('runs again, after the delay, when woken during a run', async () => {
    vi.useFakeTimers();
    const claimed = deferred<ClaimedEvent[]>();
    let calls = 0;
    const { store, reads } = countingStore(() => (++calls === 2 ? claimed.promise : Promise.resolve([])));
    runner = new JobRunner({ store, pollIntervalMs: HOUR_MS, wakeDelayMs: 50 });
    runner.start();
    await vi.advanceTimersByTimeAsync(60);
    expect(reads).toHaveBeenCalledTimes(1);

    runner.wake();
    await vi.advanceTimersByTimeAsync(50);
    expect(reads).toHaveBeenCalledTimes(2);
    // A commit during that run: another run follows, once the delay has passed.
    runner.wake();
    claimed.resolve([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(reads).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(50);
    expect(reads).toHaveBeenCalledTimes(3);
  });

  it('without a delay, runs as soon as it is woken (the default)', async () => {
    vi.useFakeTimers();
    const { store, reads } = countingStore();
    runner = new JobRunner({ store, pollIntervalMs: HOUR_MS });
    runner.start();
    await vi.advanceTimersByTimeAsync(1);
    reads.mockClear();
    runner.wake();
    await vi.advanceTimersByTimeAsync(1);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('can be woken again after a stop and a start', async () => {
    vi.useFakeTimers();
    const { store, reads } = countingStore();
    runner = new JobRunner({ store, pollIntervalMs: HOUR_MS, wakeDelayMs: 50 });
    runner.start();
    runner.wake();
    await runner.stop();
    runner.start();
    await vi.advanceTimersByTimeAsync(60);
    expect(reads).toHaveBeenCalledTimes(1);
  });

  it('looks for due retries at most once a poll interval, however often it is woken', async () => {
    vi.useFakeTimers();
    const { store, reads, retryLooks } = countingStore();
    runner = new JobRunner({ store, pollIntervalMs: 1_000 });
    runner.start();
    for (let commit = 0; commit < 10; commit++) {
      runner.wake();
      await vi.advanceTimersByTimeAsync(50);
    }
    expect(reads.mock.calls.length).toBeGreaterThanOrEqual(10);
    expect(retryLooks).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(600);
    runner.wake();
    await vi.advanceTimersByTimeAsync(1);
    expect(retryLooks).toHaveBeenCalledTimes(2);
  });
});
