import { describe, expect, it } from 'vitest';
import { HearbackApiError } from '../errors/hearback-api-error.js';
import { type Attempt, execute, type FetchResult, retryDelay } from './execute.js';
import type { RetrySettings } from './request-options.js';

const settings: RetrySettings = { timeoutMs: 1000, maxRetries: 2, initialRetryDelayMs: 1, maxRetryDelayMs: 50 };

/** A send function that plays `outcomes` in order and records each attempt. */
function scripted(outcomes: (() => FetchResult<unknown> | Promise<FetchResult<unknown>>)[]) {
  const attempts: Attempt[] = [];
  const send = async (attempt: Attempt) => {
    attempts.push(attempt);
    const next = outcomes[attempts.length - 1];
    if (!next) throw new Error('No more outcomes');
    return next();
  };
  return { send, attempts };
}

const ok = (data: unknown) => () => ({ data, response: new Response(JSON.stringify(data), { status: 200 }) });
const status =
  (code: number, headers: Record<string, string> = {}) =>
  () => ({
    error: { type: 't', title: 'x', status: code, detail: `status ${code}`, code: 'internal_error' },
    response: new Response(null, { status: code, headers }),
  });
const networkDown = () => () => Promise.reject(new TypeError('fetch failed', { cause: new Error('ECONNRESET') }));

describe('execute', () => {
  it('resolves with the data of a 2xx answer, sending a request id', async () => {
    const { send, attempts } = scripted([ok({ id: 1 })]);
    expect(await execute(send, settings, { retrySafe: true })).toEqual({ id: 1 });
    expect(attempts[0]?.headers['X-Request-Id']).toMatch(/^req_/);
  });

  it('retries a retry-safe call after network errors and 5xx, with a fresh request id each time', async () => {
    const { send, attempts } = scripted([networkDown(), status(502), ok('done')]);
    expect(await execute(send, settings, { retrySafe: true })).toBe('done');
    expect(new Set(attempts.map((attempt) => attempt.headers['X-Request-Id'])).size).toBe(3);
  });

  it('does not retry a call that is not retry-safe', async () => {
    const { send, attempts } = scripted([networkDown(), ok('never')]);
    const error = await execute(send, settings, { retrySafe: false }).catch((reason: unknown) => reason);
    expect(HearbackApiError.isInstance(error) && error.code).toBe('network_error');
    expect(attempts).toHaveLength(1);
  });

  it('honours per-call maxRetries, 0 included', async () => {
    const { send, attempts } = scripted([status(503), status(503)]);
    await expect(execute(send, settings, { retrySafe: true, maxRetries: 0 })).rejects.toMatchObject({ status: 503 });
    expect(attempts).toHaveLength(1);
  });

  it('times out an attempt even when the fetch ignores its signal', async () => {
    const hang = () => new Promise<FetchResult<unknown>>(() => {});
    const { send, attempts } = scripted([hang, ok('second')]);
    expect(await execute(send, { ...settings, timeoutMs: 20 }, { retrySafe: true })).toBe('second');
    expect(attempts[0]?.signal.aborted).toBe(true);
  });

  it("rejects with the caller's abort reason and stops retrying", async () => {
    const controller = new AbortController();
    controller.abort(new Error('cancelled'));
    const { send, attempts } = scripted([ok('never')]);
    await expect(execute(send, settings, { retrySafe: true, signal: controller.signal })).rejects.toThrow('cancelled');
    expect(attempts).toHaveLength(0);
  });
});

describe('retryDelay', () => {
  const error = (status: number | undefined, code: HearbackApiError['code'], retryAfterMs?: number) =>
    new HearbackApiError({ code, message: 'm', status, retryAfterMs });

  it('uses Retry-After when it is within maxRetryDelayMs, else gives up', () => {
    expect(retryDelay(error(429, 'event_limit_reached', 40), 1, settings)).toBe(40);
    expect(retryDelay(error(429, 'event_limit_reached', 60_000), 1, settings)).toBeUndefined();
  });

  it('backs off exponentially otherwise', () => {
    const delay = retryDelay(error(500, 'internal_error'), 3, {
      ...settings,
      initialRetryDelayMs: 10,
      maxRetryDelayMs: 1000,
    });
    expect(delay).toBeGreaterThanOrEqual(20);
    expect(delay).toBeLessThanOrEqual(40);
  });

  it('never retries 409 or a 4xx other than 408 and 429', () => {
    expect(retryDelay(error(409, 'conflict'), 1, settings)).toBeUndefined();
    expect(retryDelay(error(400, 'validation_failed'), 1, settings)).toBeUndefined();
    expect(retryDelay(error(404, 'not_found'), 1, settings)).toBeUndefined();
    expect(retryDelay(error(408, 'validation_failed'), 1, settings)).toBeTypeOf('number');
  });
});
