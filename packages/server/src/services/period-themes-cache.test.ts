import { describe, expect, it } from 'vitest';
import { ClusteringCache } from './period-themes-cache.js';

/** A clustering that settles when the test says, counting how many were started. */
function controlledMaker(keyOfRowsRead: string) {
  const started: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const make = () =>
    new Promise<{ key: string; value: { made: number } }>((resolve, reject) => {
      const made = started.length + 1;
      started.push({ resolve: () => resolve({ key: keyOfRowsRead, value: { made } }), reject });
    });
  return { started, make };
}

describe('ClusteringCache.share', () => {
  it('makes one value for callers of the same key that arrive before it is kept, then keeps it', async () => {
    const cache = new ClusteringCache<{ made: number }>();
    const { started, make } = controlledMaker('rows');
    const both = Promise.all([cache.share('rows', make), cache.share('rows', make)]);
    await Promise.resolve();
    expect(started).toHaveLength(1);
    started[0]?.resolve();
    expect(await both).toEqual([{ made: 1 }, { made: 1 }]);
    expect(await cache.share('rows', make)).toEqual({ made: 1 });
    expect(started).toHaveLength(1);
  });

  it('keeps the value under the key of the rows made from, not the key asked for', async () => {
    const cache = new ClusteringCache<{ made: number }>();
    const { started, make } = controlledMaker('rows after a write');
    const asked = cache.share('rows before the write', make);
    started[0]?.resolve();
    await asked;
    expect(cache.get('rows before the write')).toBeUndefined();
    expect(cache.get('rows after a write')).toEqual({ made: 1 });
  });

  it('gives a failure to every caller waiting on it and keeps nothing: the next caller makes again', async () => {
    const cache = new ClusteringCache<{ made: number }>();
    const { started, make } = controlledMaker('rows');
    const first = cache.share('rows', make);
    const second = cache.share('rows', make);
    started[0]?.reject(new Error('database gone'));
    await expect(first).rejects.toThrow('database gone');
    await expect(second).rejects.toThrow('database gone');
    const retried = cache.share('rows', make);
    expect(started).toHaveLength(2);
    started[1]?.resolve();
    expect(await retried).toEqual({ made: 2 });
  });
});
