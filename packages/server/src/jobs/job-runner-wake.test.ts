import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/support/async.js';
import { type ClaimedEvent, START_OF_LOG } from '../storage/repositories/outbox.js';
import type { Store } from '../storage/store.js';
import { JobRunner } from './job-runner.js';

const HOUR_MS = 60 * 60 * 1000;

/** A store whose outbox is empty and counts the runner's passes (one claim of retries each). */
function countingStore(claim: () => Promise<ClaimedEvent[]> = async () => []) {
  const outbox = {
    claimRetries: vi.fn(claim),
    completeRetries: vi.fn(async () => {}),
    positionOf: vi.fn(async () => START_OF_LOG),
    readAfter: vi.fn(async () => []),
  };
  return { store: { outbox } as unknown as Store, claims: outbox.claimRetries };
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
    const { store, claims } = countingStore();
    runner = new JobRunner({ store, pollIntervalMs: HOUR_MS, wakeDelayMs: 50 });
    runner.start();
    await vi.advanceTimersByTimeAsync(60);
    claims.mockClear();

    for (let commit = 0; commit < 20; commit++) {
      runner.wake();
      await vi.advanceTimersByTimeAsync(2);
    }
    // 40 ms of wake-ups: the first one's run is still waiting for company.
    expect(claims).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(20);
    expect(claims).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(HOUR_MS / 2);
    expect(claims).toHaveBeenCalledTimes(1);
  });

  it('runs again, after the delay, when woken during a run', async () => {
    vi.useFakeTimers();
    const claimed = deferred<ClaimedEvent[]>();
    let calls = 0;
    const { store, claims } = countingStore(() => (++calls === 2 ? claimed.promise : Promise.resolve([])));
    runner = new JobRunner({ store, pollIntervalMs: HOUR_MS, wakeDelayMs: 50 });
    runner.start();
    await vi.advanceTimersByTimeAsync(60);
    expect(claims).toHaveBeenCalledTimes(1);

    runner.wake();
    await vi.advanceTimersByTimeAsync(50);
    expect(claims).toHaveBeenCalledTimes(2);
    // A commit during that run: another run follows, once the delay has passed.
    runner.wake();
    claimed.resolve([]);
    await vi.advanceTimersByTimeAsync(10);
    expect(claims).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(50);
    expect(claims).toHaveBeenCalledTimes(3);
  });

  it('without a delay, runs as soon as it is woken (the default)', async () => {
    vi.useFakeTimers();
    const { store, claims } = countingStore();
    runner = new JobRunner({ store, pollIntervalMs: HOUR_MS });
    runner.start();
    await vi.advanceTimersByTimeAsync(1);
    claims.mockClear();
    runner.wake();
    await vi.advanceTimersByTimeAsync(1);
    expect(claims).toHaveBeenCalledTimes(1);
  });

  it('can be woken again after a stop and a start', async () => {
    vi.useFakeTimers();
    const { store, claims } = countingStore();
    runner = new JobRunner({ store, pollIntervalMs: HOUR_MS, wakeDelayMs: 50 });
    runner.start();
    runner.wake();
    await runner.stop();
    runner.start();
    await vi.advanceTimersByTimeAsync(60);
    expect(claims).toHaveBeenCalledTimes(1);
  });
});
