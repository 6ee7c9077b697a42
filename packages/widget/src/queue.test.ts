import { describe, expect, it, vi } from 'vitest';
import { WidgetError } from './errors.js';
import {
  backoffMs,
  enqueue,
  flushQueue,
  MAX_AGE_MS,
  MAX_ATTEMPTS,
  MIN_RETRY_MS,
  nextRetryMs,
  QUEUE_STORAGE_KEY,
  type QueueStorage,
  readQueue,
} from './queue.js';
import type { CollectRequest, SendResult } from './submit.js';

function memoryStorage(): QueueStorage & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}

const request = (key: string, score = 1): CollectRequest => ({
  apiUrl: 'https://hb.example',
  apiKey: 'hb_collect',
  idempotencyKey: key,
  body: { inboxKey: 'ibx_1', type: 'thumbs', score, comment: null, context: {} },
});

const offline = () => new WidgetError('offline', 'offline');
const serverError = () => new WidgetError('server_error', '503', { status: 503 });

describe('enqueue', () => {
  it('stores a failed submission with its idempotency key, once per key', () => {
    const storage = memoryStorage();
    expect(enqueue(storage, request('k1'), offline(), 1000)).toBe(true);
    expect(enqueue(storage, request('k1'), offline(), 2000)).toBe(true);
    const [entry, ...rest] = readQueue(storage);
    expect(rest).toEqual([]);
    expect(entry).toMatchObject({ idempotencyKey: 'k1', attempts: 2, createdAt: 1000, notBefore: 2000 });
  });

  it('delays retryable server failures by backoff, or by Retry-After', () => {
    const storage = memoryStorage();
    enqueue(storage, request('k1'), serverError(), 0);
    enqueue(storage, request('k2'), new WidgetError('rate_limited', '429', { retryAfter: 120 }), 0);
    expect(readQueue(storage).map((entry) => entry.notBefore)).toEqual([5000, 120_000]);
    expect(backoffMs(3, serverError())).toBe(20_000);
    expect(backoffMs(30, serverError())).toBe(3_600_000);
  });

  it('reports false when there is no storage, so nobody claims the feedback was saved', () => {
    expect(enqueue(undefined, request('k1'), offline())).toBe(false);
    const throwing: QueueStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(enqueue(throwing, request('k1'), offline())).toBe(false);
  });

  it('does not keep what could only be sent after the queue gives up on it (a plan cap resetting in weeks)', () => {
    const storage = memoryStorage();
    const capped = new WidgetError('rate_limited', '429', {
      status: 429,
      apiCode: 'event_limit_reached',
      retryAfter: 20 * 86_400,
    });
    expect(enqueue(storage, request('k1'), capped, 0)).toBe(false);
    expect(readQueue(storage)).toEqual([]);
    // A reset within the queue's lifetime waits for it.
    expect(enqueue(storage, request('k2'), new WidgetError('rate_limited', '429', { retryAfter: 86_400 }), 0)).toBe(
      true,
    );
  });

  it('treats unreadable storage as an empty queue', () => {
    const storage = memoryStorage();
    storage.data.set(QUEUE_STORAGE_KEY, '{not json');
    expect(readQueue(storage)).toEqual([]);
    storage.data.set(QUEUE_STORAGE_KEY, JSON.stringify([{ nope: true }, 7, null]));
    expect(readQueue(storage)).toEqual([]);
    // JSON that is not an array, even one with a `filter` member, is no queue either.
    for (const stored of ['null', '7', '"text"', '{}', '{"filter":[]}']) {
      storage.data.set(QUEUE_STORAGE_KEY, stored);
      expect(readQueue(storage)).toEqual([]);
    }
  });
});

/** For flushes whose entries all stay queued. */
const settledNowhere = () => {
  throw new Error('no entry should leave the queue');
};

describe('flushQueue', () => {
  it('retries due entries with their original idempotency keys and empties the queue', async () => {
    const storage = memoryStorage();
    enqueue(storage, request('k1', 1), offline(), 0);
    enqueue(storage, request('k2', 0), offline(), 0);
    const sent: string[] = [];
    const settled: [number | null, SendResult][] = [];
    await flushQueue(
      storage,
      async (retry): Promise<SendResult> => {
        sent.push(retry.idempotencyKey);
        return { ok: true, id: `fb_${retry.idempotencyKey}` };
      },
      (entry, result) => settled.push([entry.body.score, result]),
      () => 10,
    );
    expect(sent).toEqual(['k1', 'k2']);
    expect(settled).toEqual([
      [1, { ok: true, id: 'fb_k1' }],
      [0, { ok: true, id: 'fb_k2' }],
    ]);
    expect(storage.data.has(QUEUE_STORAGE_KEY)).toBe(false);
  });

  it('keeps retryable failures with a later notBefore and stops at the first offline one', async () => {
    const storage = memoryStorage();
    enqueue(storage, request('k1'), offline(), 0);
    enqueue(storage, request('k2'), offline(), 0);
    enqueue(storage, request('k3'), offline(), 0);
    const results: SendResult[] = [
      { ok: false, error: serverError() },
      { ok: false, error: offline() },
    ];
    const calls: string[] = [];
    await flushQueue(
      storage,
      async (retry) => {
        calls.push(retry.idempotencyKey);
        return results.shift() as SendResult;
      },
      settledNowhere,
      () => 100,
    );
    expect(calls).toEqual(['k1', 'k2']);
    const byKey = Object.fromEntries(readQueue(storage).map((entry) => [entry.idempotencyKey, entry]));
    expect(byKey.k1).toMatchObject({ attempts: 2, notBefore: 100 + 10_000 });
    expect(byKey.k2).toMatchObject({ attempts: 2, notBefore: 100 });
    expect(byKey.k3).toMatchObject({ attempts: 1 });
  });

  it('skips entries that are not due yet', async () => {
    const storage = memoryStorage();
    enqueue(storage, request('k1'), serverError(), 0);
    let calls = 0;
    await flushQueue(
      storage,
      async () => {
        calls++;
        return { ok: true, id: 'fb_1' };
      },
      settledNowhere,
      () => 4999,
    );
    expect(calls).toBe(0);
    expect(readQueue(storage)).toHaveLength(1);
  });

  it('drops entries the server refuses for good, and reports them', async () => {
    const storage = memoryStorage();
    enqueue(storage, request('k1'), offline(), 0);
    const refusal = new WidgetError('rejected', 'invalid key', { status: 401, apiCode: 'invalid_api_key' });
    const settled: SendResult[] = [];
    await flushQueue(
      storage,
      async () => ({ ok: false, error: refusal }),
      (_entry, result) => settled.push(result),
      () => 1,
    );
    expect(settled).toEqual([{ ok: false, error: refusal }]);
    expect(readQueue(storage)).toEqual([]);
  });

  it('drops and reports an entry whose retry would come after the queue gives up on it', async () => {
    const storage = memoryStorage();
    enqueue(storage, request('k1'), offline(), 0);
    const capped = new WidgetError('rate_limited', '429', {
      status: 429,
      apiCode: 'event_limit_reached',
      retryAfter: 20 * 86_400,
    });
    const settled: SendResult[] = [];
    await flushQueue(
      storage,
      async () => ({ ok: false, error: capped }),
      (_entry, result) => settled.push(result),
      () => 1,
    );
    expect(settled).toEqual([{ ok: false, error: capped }]);
    expect(readQueue(storage)).toEqual([]);
  });

  it('drops entries past the attempt or age limits without sending them', async () => {
    const storage = memoryStorage();
    const settled = vi.fn();
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) enqueue(storage, request('tired'), offline(), 0);
    enqueue(storage, request('old'), offline(), 0);
    let calls = 0;
    await flushQueue(
      storage,
      async () => {
        calls++;
        return { ok: true, id: 'x' };
      },
      settled,
      () => MAX_AGE_MS + 1,
    );
    expect(calls).toBe(0);
    // Given up on, unsent: nothing to report.
    expect(settled).not.toHaveBeenCalled();
    expect(readQueue(storage)).toEqual([]);
  });
});

describe('nextRetryMs', () => {
  it('is the wait until the earliest entry is due, bounded below and above', () => {
    const storage = memoryStorage();
    expect(nextRetryMs(storage, 0)).toBeUndefined();
    enqueue(storage, request('k1'), new WidgetError('rate_limited', '429', { retryAfter: 120 }), 0);
    enqueue(storage, request('k2'), serverError(), 0);
    expect(nextRetryMs(storage, 0)).toBe(5000);
    expect(nextRetryMs(storage, 4000)).toBe(MIN_RETRY_MS);
    expect(nextRetryMs(storage, 9000)).toBe(MIN_RETRY_MS);
    const far = memoryStorage();
    // Six days: within what the queue keeps (a longer wait is not queued).
    enqueue(far, request('k3'), new WidgetError('rate_limited', '429', { retryAfter: 86_400 * 6 }), 0);
    expect(nextRetryMs(far, 0)).toBe(3_600_000);
  });
});
