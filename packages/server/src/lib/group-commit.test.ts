import { afterEach, describe, expect, it, vi } from 'vitest';
import { type Deferred, deferred } from '../../test/support/async.js';
import { GroupCommitter, type Settled } from './group-commit.js';

const ok = <T>(value: T): Settled<T> => ({ ok: true, value });

/** Which of the promises are still pending once settled ones have had a turn to report. */
async function pendingFlags(promises: Promise<unknown>[]): Promise<boolean[]> {
  const flags = promises.map(() => true);
  promises.forEach((promise, index) => {
    promise.then(
      () => {
        flags[index] = false;
      },
      () => {
        flags[index] = false;
      },
    );
  });
  // Let already-settled promises run their callbacks (microtasks and one macrotask turn).
  await new Promise((resolve) => setImmediate(resolve));
  return flags;
}

/**
 * A commit function whose every call waits for the test to release it, so a test decides exactly
 * when a batch is durable and can observe what arrives meanwhile.
 */
function controlledCommit<I>() {
  const calls: { items: I[]; done: Deferred<Settled<string>[] | 'throw'> }[] = [];
  const waiters: (() => void)[] = [];
  const commit = vi.fn(async (items: I[]) => {
    const done = deferred<Settled<string>[] | 'throw'>();
    calls.push({ items, done });
    for (const waiter of waiters.splice(0)) waiter();
    const outcome = await done.promise;
    if (outcome === 'throw') throw new Error('disk on fire');
    return outcome;
  });
  /** Resolves once the commit function has been called `count` times in total. */
  const called = (count: number) =>
    new Promise<void>((resolve) => {
      const check = () => (calls.length >= count ? resolve() : waiters.push(check));
      check();
    });
  const releaseOk = (index: number) => {
    const call = calls[index];
    if (!call) throw new Error(`commit call ${index} has not happened`);
    call.done.resolve(call.items.map((item) => ok(`stored:${String(item)}`)));
  };
  return { commit, calls, called, releaseOk };
}

describe('GroupCommitter', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('commits concurrent submissions with one commit call', async () => {
    const commit = vi.fn(async (items: number[]) => items.map((item) => ok(item * 10)));
    const committer = new GroupCommitter<number, number>({ commit });

    const results = await Promise.all([1, 2, 3, 4, 5].map((item) => committer.submit(item)));

    expect(results).toEqual([10, 20, 30, 40, 50]);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenCalledWith([1, 2, 3, 4, 5]);
  });

  it('answers nobody before their batch is committed', async () => {
    const { commit, called, releaseOk } = controlledCommit<string>();
    const committer = new GroupCommitter<string, string>({ commit });

    const results = ['a', 'b'].map((item) => committer.submit(item));
    await called(1);
    expect(await pendingFlags(results)).toEqual([true, true]);

    releaseOk(0);
    await expect(Promise.all(results)).resolves.toEqual(['stored:a', 'stored:b']);
  });

  it('queues submissions made while a commit runs into the next batch', async () => {
    const { commit, calls, called, releaseOk } = controlledCommit<string>();
    const committer = new GroupCommitter<string, string>({ commit });

    const first = [committer.submit('a'), committer.submit('b')];
    await called(1);
    const second = [committer.submit('c'), committer.submit('d'), committer.submit('e')];
    // Give the committer every chance to start a second, overlapping commit: it must not.
    expect(await pendingFlags(second)).toEqual([true, true, true]);
    expect(commit).toHaveBeenCalledTimes(1);

    releaseOk(0);
    await expect(Promise.all(first)).resolves.toEqual(['stored:a', 'stored:b']);
    await called(2);
    expect(calls.map((call) => call.items)).toEqual([
      ['a', 'b'],
      ['c', 'd', 'e'],
    ]);
    expect(await pendingFlags(second)).toEqual([true, true, true]);

    releaseOk(1);
    await expect(Promise.all(second)).resolves.toEqual(['stored:c', 'stored:d', 'stored:e']);
    expect(commit).toHaveBeenCalledTimes(2);
  });

  it('with concurrency 2, starts a second batch while the first commits, but not a third', async () => {
    const { commit, calls, called, releaseOk } = controlledCommit<string>();
    const committer = new GroupCommitter<string, string>({ commit, concurrency: 2 });

    const first = committer.submit('a');
    await called(1);
    const second = committer.submit('b');
    await called(2);
    const third = committer.submit('c');
    expect(await pendingFlags([first, second, third])).toEqual([true, true, true]);
    expect(commit).toHaveBeenCalledTimes(2);

    releaseOk(1);
    await expect(second).resolves.toBe('stored:b');
    await called(3);
    expect(calls.map((call) => call.items)).toEqual([['a'], ['b'], ['c']]);
    releaseOk(0);
    releaseOk(2);
    await expect(Promise.all([first, third])).resolves.toEqual(['stored:a', 'stored:c']);
  });

  it('keeps an item out of every batch while another with its key is being committed', async () => {
    const { commit, calls, called, releaseOk } = controlledCommit<string>();
    const committer = new GroupCommitter<string, string>({
      commit,
      concurrency: 3,
      keyOf: (item) => item.split(':')[0] ?? null,
    });

    const original = committer.submit('k1:original');
    await called(1);
    const retry = committer.submit('k1:retry');
    const other = committer.submit('k2:other');
    await called(2);
    // The retry waits for the original's batch; the unrelated item does not.
    expect(calls.map((call) => call.items)).toEqual([['k1:original'], ['k2:other']]);
    expect(await pendingFlags([retry])).toEqual([true]);

    releaseOk(0);
    await expect(original).resolves.toBe('stored:k1:original');
    await called(3);
    expect(calls[2]?.items).toEqual(['k1:retry']);
    releaseOk(1);
    releaseOk(2);
    await expect(Promise.all([retry, other])).resolves.toEqual(['stored:k1:retry', 'stored:k2:other']);
  });

  it('rejects only the items whose outcome failed', async () => {
    const refused = new Error('over the limit');
    const commit = vi.fn(async (items: string[]) =>
      items.map((item): Settled<string> => (item === 'bad' ? { ok: false, error: refused } : ok(item.toUpperCase()))),
    );
    const committer = new GroupCommitter<string, string>({ commit });

    const results = await Promise.allSettled(['x', 'bad', 'y'].map((item) => committer.submit(item)));

    expect(commit).toHaveBeenCalledTimes(1);
    expect(results).toEqual([
      { status: 'fulfilled', value: 'X' },
      { status: 'rejected', reason: refused },
      { status: 'fulfilled', value: 'Y' },
    ]);
  });

  it('rejects an item the commit returned no outcome for', async () => {
    const commit = vi.fn(async (items: string[]) => items.slice(1).map((item) => ok(item)));
    const committer = new GroupCommitter<string, string>({ commit });

    const results = await Promise.allSettled(['a', 'b'].map((item) => committer.submit(item)));

    // Outcomes are positional: one too few means the last item has none.
    expect(results[0]).toEqual({ status: 'fulfilled', value: 'b' });
    expect(results[1]).toMatchObject({ status: 'rejected', reason: expect.any(Error) });
  });

  it('commits a failed batch again in halves, so only the item that fails on its own is rejected', async () => {
    const poisoned = new Error('bad refused');
    const commit = vi.fn(async (items: string[]) => {
      if (items.includes('bad')) throw items.length === 1 ? poisoned : new Error('batch rolled back');
      return items.map((item) => ok(item.toUpperCase()));
    });
    const committer = new GroupCommitter<string, string>({ commit });

    const results = await Promise.allSettled(['a', 'b', 'bad', 'c', 'd'].map((item) => committer.submit(item)));

    expect(results).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'fulfilled', value: 'B' },
      { status: 'rejected', reason: poisoned },
      { status: 'fulfilled', value: 'C' },
      { status: 'fulfilled', value: 'D' },
    ]);
    // The whole batch, then halves of the failing part until the failure is one item.
    expect(commit.mock.calls.map(([batch]) => batch)).toEqual([
      ['a', 'b', 'bad', 'c', 'd'],
      ['a', 'b', 'bad'],
      ['a', 'b'],
      ['bad'],
      ['c', 'd'],
    ]);
  });

  it('rejects each item of a batch that fails whole with its own error, and keeps working afterwards', async () => {
    const { commit, calls, called, releaseOk } = controlledCommit<string>();
    const committer = new GroupCommitter<string, string>({ commit });

    const doomed = ['a', 'b'].map((item) => committer.submit(item));
    await called(1);
    const next = committer.submit('d');
    calls[0]?.done.resolve('throw');
    await called(2);
    expect(calls[1]?.items).toEqual(['a']);
    calls[1]?.done.resolve('throw');
    await called(3);
    expect(calls[2]?.items).toEqual(['b']);
    calls[2]?.done.resolve('throw');

    const settled = await Promise.allSettled(doomed);
    expect(settled).toEqual([
      { status: 'rejected', reason: new Error('disk on fire') },
      { status: 'rejected', reason: new Error('disk on fire') },
    ]);
    await called(4);
    expect(calls[3]?.items).toEqual(['d']);
    releaseOk(3);
    await expect(next).resolves.toBe('stored:d');
  });

  it('fails a batch at once, without trying parts, when its failure cannot be an item’s own', async () => {
    const unavailable = new Error('database is locked');
    const commit = vi.fn(async (_items: string[]): Promise<Settled<string>[]> => {
      throw unavailable;
    });
    const committer = new GroupCommitter<string, string>({
      commit,
      mayBeItemFailure: (error) => error !== unavailable,
    });

    const results = await Promise.allSettled(['a', 'b', 'c'].map((item) => committer.submit(item)));

    expect(results).toEqual(Array(3).fill({ status: 'rejected', reason: unavailable }));
    expect(commit).toHaveBeenCalledTimes(1);
  });

  it('answers the items of a part that committed before the next part is tried', async () => {
    const { commit, calls, called, releaseOk } = controlledCommit<string>();
    const committer = new GroupCommitter<string, string>({ commit });

    const results = ['a', 'b', 'c', 'd'].map((item) => committer.submit(item));
    await called(1);
    calls[0]?.done.resolve('throw');
    await called(2);
    releaseOk(1);
    await called(3);
    expect(calls.map((call) => call.items)).toEqual([
      ['a', 'b', 'c', 'd'],
      ['a', 'b'],
      ['c', 'd'],
    ]);
    expect(await pendingFlags(results)).toEqual([false, false, true, true]);
    await expect(Promise.all(results.slice(0, 2))).resolves.toEqual(['stored:a', 'stored:b']);

    releaseOk(2);
    await expect(Promise.all(results.slice(2))).resolves.toEqual(['stored:c', 'stored:d']);
  });

  it('keeps the keys of a failed batch in flight until all of its parts are committed', async () => {
    const { commit, calls, called, releaseOk } = controlledCommit<string>();
    const committer = new GroupCommitter<string, string>({
      commit,
      concurrency: 2,
      keyOf: (item) => item.split(':')[0] ?? null,
    });

    const first = [committer.submit('k1:original'), committer.submit('k2:other')];
    await called(1);
    calls[0]?.done.resolve('throw');
    await called(2);
    // A retry of k2 arrives while the failed batch is being committed in parts.
    const retry = committer.submit('k2:retry');
    releaseOk(1);
    await called(3);
    expect(calls[2]?.items).toEqual(['k2:other']);
    expect(await pendingFlags([retry])).toEqual([true]);
    releaseOk(2);
    await called(4);
    expect(calls[3]?.items).toEqual(['k2:retry']);
    releaseOk(3);
    await expect(Promise.all([...first, retry])).resolves.toEqual([
      'stored:k1:original',
      'stored:k2:other',
      'stored:k2:retry',
    ]);
  });

  it('rejects each item when the commit function throws synchronously', async () => {
    const committer = new GroupCommitter<string, string>({
      commit: () => {
        throw new Error('not even started');
      },
    });

    const settled = await Promise.allSettled([committer.submit('a'), committer.submit('b')]);

    expect(settled).toEqual([
      { status: 'rejected', reason: new Error('not even started') },
      { status: 'rejected', reason: new Error('not even started') },
    ]);
  });

  it('never commits more than maxBatch items at once', async () => {
    const commit = vi.fn(async (items: number[]) => items.map((item) => ok(item)));
    const committer = new GroupCommitter<number, number>({ commit, maxBatch: 3 });
    const items = [1, 2, 3, 4, 5, 6, 7];

    const results = await Promise.all(items.map((item) => committer.submit(item)));

    expect(results).toEqual(items);
    expect(commit.mock.calls.map(([batch]) => batch)).toEqual([[1, 2, 3], [4, 5, 6], [7]]);
  });

  it('waits up to windowMs for more submissions to join the batch', async () => {
    vi.useFakeTimers();
    const commit = vi.fn(async (items: string[]) => items.map((item) => ok(item)));
    const committer = new GroupCommitter<string, string>({ commit, windowMs: 10 });

    const first = committer.submit('a');
    await vi.advanceTimersByTimeAsync(9);
    expect(commit).not.toHaveBeenCalled();
    const second = committer.submit('b');
    await vi.advanceTimersByTimeAsync(1);

    await expect(Promise.all([first, second])).resolves.toEqual(['a', 'b']);
    expect(commit).toHaveBeenCalledTimes(1);
    expect(commit).toHaveBeenCalledWith(['a', 'b']);
  });

  it('drain() resolves only after every submission so far has settled', async () => {
    const { commit, called, releaseOk } = controlledCommit<string>();
    const committer = new GroupCommitter<string, string>({ commit });

    const first = committer.submit('a');
    await called(1);
    const second = committer.submit('b');
    const drained = committer.drain();
    expect(await pendingFlags([drained, first, second])).toEqual([true, true, true]);

    releaseOk(0);
    await called(2);
    // The first batch is done, the second is still being committed: drain must keep waiting.
    expect(await pendingFlags([drained, first, second])).toEqual([true, false, true]);

    releaseOk(1);
    await drained;
    expect(await pendingFlags([first, second])).toEqual([false, false]);
    await expect(second).resolves.toBe('stored:b');
  });

  it('drain() resolves at once when nothing was submitted', async () => {
    const commit = vi.fn(async (items: string[]) => items.map((item) => ok(item)));
    const committer = new GroupCommitter<string, string>({ commit });

    await committer.drain();

    expect(commit).not.toHaveBeenCalled();
  });

  it('drain() does not fail when a batch is rejected', async () => {
    const committer = new GroupCommitter<string, string>({
      commit: async () => {
        throw new Error('rolled back');
      },
    });
    const rejected = committer.submit('a').catch((error: unknown) => error);

    await committer.drain();

    await expect(rejected).resolves.toEqual(new Error('rolled back'));
  });
});
