import { afterEach, describe, expect, it, vi } from 'vitest';
import { isWidgetError, type WidgetError } from './errors.js';
import { type CollectRequest, newIdempotencyKey, sendFeedback } from './submit.js';

const request: CollectRequest = {
  apiUrl: 'https://hb.example',
  apiKey: 'hb_collect',
  idempotencyKey: 'hbw_1',
  body: { inboxKey: 'ibx_1', type: 'nps', score: 9, comment: 'Fast', context: { source: 'widget' } },
};

const problem = (status: number, code: string, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify({ status, code, detail: `${code} detail` }), {
    status,
    headers: { 'content-type': 'application/problem+json', ...headers },
  });

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('sendFeedback', () => {
  it('POSTs the body to /collect with the key and the idempotency key', async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 'fb_1', success: true }), { status: 201 }));
    await expect(sendFeedback(request, fetch)).resolves.toEqual({ ok: true, id: 'fb_1' });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://hb.example/collect');
    expect(init.method).toBe('POST');
    expect(init.headers).toEqual({
      'Content-Type': 'application/json',
      'X-Service-Key': 'hb_collect',
      'Idempotency-Key': 'hbw_1',
    });
    expect(JSON.parse(init.body as string)).toEqual(request.body);
  });

  it.each([
    [429, 'event_limit_reached', 'rate_limited', true],
    [503, 'internal_error', 'server_error', true],
    [408, 'timeout', 'server_error', true],
    [401, 'invalid_api_key', 'rejected', false],
    [404, 'inbox_not_found', 'rejected', false],
    [400, 'validation_failed', 'rejected', false],
  ])('maps %i %s to %s (retryable: %s)', async (status, apiCode, code, retryable) => {
    const result = await sendFeedback(request, async () => problem(status, apiCode, { 'Retry-After': '30' }));
    expect(result.ok).toBe(false);
    const error = (result as { error: WidgetError }).error;
    expect(error).toMatchObject({ code, status, apiCode, retryAfter: 30, message: `${apiCode} detail`, queued: false });
    expect(error.retryable).toBe(retryable);
    expect(isWidgetError(error)).toBe(true);
  });

  it('blames the browser only when the same server answers another request', async () => {
    const requested: string[] = [];
    // An extension that blocks URLs ending in /collect: the health check gets through.
    const extension = async (url: unknown) => {
      requested.push(`${url}`);
      if (`${url}`.endsWith('/collect')) throw new TypeError('Failed to fetch');
      return new Response(null, { status: 200 });
    };
    vi.stubGlobal('navigator', { onLine: true });
    expect(await sendFeedback(request, extension)).toMatchObject({
      ok: false,
      error: { code: 'blocked', retryable: true },
    });
    expect(requested).toEqual(['https://hb.example/collect', 'https://hb.example/healthz']);
    const serverDown = async () => {
      throw new TypeError('Failed to fetch');
    };
    expect(await sendFeedback(request, serverDown)).toMatchObject({ ok: false, error: { code: 'network_error' } });
    vi.stubGlobal('navigator', { onLine: false });
    expect(await sendFeedback(request, serverDown)).toMatchObject({ ok: false, error: { code: 'offline' } });
  });

  it('refuses a body that cannot become JSON as invalid input naming the context, sending nothing', async () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const fetchImpl = vi.fn(async () => new Response(null, { status: 200 }));
    vi.stubGlobal('navigator', { onLine: true });
    for (const context of [{ cart: cyclic }, { total: 10n }]) {
      const result = await sendFeedback({ ...request, body: { ...request.body, context } }, fetchImpl);
      expect(result).toMatchObject({ ok: false, error: { code: 'invalid_input', retryable: false } });
      expect(!result.ok && result.error.message).toMatch(/^context: TypeError/);
    }
    expect(fetchImpl).not.toHaveBeenCalled();
  });

  it('gives up after 15 s with a timeout', async () => {
    vi.useFakeTimers();
    const hanging = (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
      });
    const pending = sendFeedback(request, hanging);
    await vi.advanceTimersByTimeAsync(15_000);
    expect(await pending).toMatchObject({ ok: false, error: { code: 'timeout', retryable: true } });
    vi.useRealTimers();
  });
});

describe('newIdempotencyKey', () => {
  it('is random and prefixed', () => {
    const keys = new Set(Array.from({ length: 100 }, newIdempotencyKey));
    expect(keys.size).toBe(100);
    for (const key of keys) expect(key).toMatch(/^hbw_[0-9a-f]{32}$/);
  });
});

describe('isWidgetError', () => {
  it('recognises errors from another copy of the package by their marker', () => {
    const foreign = Object.assign(new Error('x'), { [Symbol.for('hearback.widget.error')]: true });
    expect(isWidgetError(foreign)).toBe(true);
    expect(isWidgetError(new Error('x'))).toBe(false);
    expect(isWidgetError(null)).toBe(false);
  });
});
