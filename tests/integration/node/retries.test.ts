import { createServer } from 'node:net';
import { Hearback, type HearbackApiError, type HearbackOptions } from '@hearback/node';
import { bypass, HttpResponse, http } from 'msw';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../support/server-process.js';

// A flaky network between the SDK and the real server, which runs in its own process: msw
// intercepts the SDK's global fetch and, per test, drops, delays or replaces answers, or forwards
// requests to the real server (`bypass`) and then loses the answer. Stored rows are counted on the
// real server afterwards.
const network = setupServer();

describe('retries, timeouts and idempotency on a flaky network', () => {
  let server: ServerProcess;

  beforeAll(async () => {
    server = await startServerProcess();
    network.listen({ onUnhandledRequest: 'bypass' });
  });
  afterEach(() => {
    network.resetHandlers();
  });
  afterAll(async () => {
    network.close();
    await server?.stop();
  });

  const sdk = (options: Partial<HearbackOptions> = {}) =>
    new Hearback({
      apiKey: server.adminKey,
      baseUrl: server.url,
      orgId: server.orgId,
      initialRetryDelayMs: 5,
      ...options,
    });

  /** Rows stored on the real server for a `context.source`, read past the interceptor. */
  async function storedWith(source: string): Promise<number> {
    return (await sdk().feedback.list({ source }).toArray()).length;
  }

  async function rejection(promise: Promise<unknown>): Promise<HearbackApiError> {
    return promise.then(
      () => {
        throw new Error('Expected a rejection');
      },
      (error: HearbackApiError) => error,
    );
  }

  /** Records each attempt's Idempotency-Key and request id. */
  function attemptLog() {
    const attempts: { idempotencyKey: string | null; requestId: string | null }[] = [];
    return {
      attempts,
      record(request: Request) {
        attempts.push({
          idempotencyKey: request.headers.get('idempotency-key'),
          requestId: request.headers.get('x-request-id'),
        });
        return attempts.length;
      },
    };
  }

  it('stores a submission once when its answer is lost after the commit, twice', async () => {
    const log = attemptLog();
    network.use(
      http.post(`${server.url}/collect`, async ({ request }) => {
        const attempt = log.record(request);
        const answer = await fetch(bypass(request));
        return attempt <= 2 ? HttpResponse.error() : answer;
      }),
    );
    const result = await sdk().collect({
      inboxKey: server.inboxKey,
      type: 'thumbs',
      score: 1,
      context: { source: 'lost' },
    });
    expect(result.id).toMatch(/^fb_/);
    expect(log.attempts).toHaveLength(3);
    const keys = new Set(log.attempts.map((attempt) => attempt.idempotencyKey));
    expect(keys.size).toBe(1);
    expect([...keys][0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Set(log.attempts.map((attempt) => attempt.requestId)).size).toBe(3);
    expect(await storedWith('lost')).toBe(1);
  });

  it('stores a submission once when the first answer comes after the timeout', async () => {
    const log = attemptLog();
    // The first answer is held until the call has settled (or, for a client that waits for it, for
    // longer than the test takes): "after the timeout" by the order of events, not by a clock that a
    // busy machine stretches past the SDK's 500 ms, the retry and a second round trip.
    let releaseFirstAnswer = () => {};
    const firstAnswerHeld = new Promise<void>((resolve) => {
      releaseFirstAnswer = resolve;
      setTimeout(resolve, 30_000).unref();
    });
    let firstAnswered = false;
    network.use(
      http.post(`${server.url}/collect`, async ({ request }) => {
        const attempt = log.record(request);
        const answer = await fetch(bypass(request));
        if (attempt === 1) {
          await firstAnswerHeld;
          firstAnswered = true;
        }
        return answer;
      }),
    );
    try {
      await sdk({ timeoutMs: 500 }).collect({
        inboxKey: server.inboxKey,
        type: 'stars',
        score: 5,
        context: { source: 'slow' },
      });
      expect(firstAnswered).toBe(false);
    } finally {
      releaseFirstAnswer();
    }
    expect(log.attempts).toHaveLength(2);
    expect(await storedWith('slow')).toBe(1);
  });

  it('retries a submission after 503s and stores it once', async () => {
    const log = attemptLog();
    network.use(
      http.post(`${server.url}/collect`, async ({ request }) => {
        const attempt = log.record(request);
        if (attempt <= 2) return HttpResponse.json(problem(503, 'internal_error'), { status: 503 });
        return fetch(bypass(request));
      }),
    );
    await sdk().collect({ inboxKey: server.inboxKey, type: 'nps', score: 10, context: { source: 'unavailable' } });
    expect(log.attempts).toHaveLength(3);
    expect(await storedWith('unavailable')).toBe(1);
  });

  it('honours Retry-After on a 429', async () => {
    const log = attemptLog();
    network.use(
      http.post(`${server.url}/collect`, async ({ request }) => {
        if (log.record(request) === 1) {
          return HttpResponse.json(problem(429, 'event_limit_reached'), {
            status: 429,
            headers: { 'Retry-After': '1' },
          });
        }
        return fetch(bypass(request));
      }),
    );
    const started = Date.now();
    await sdk().collect({ inboxKey: server.inboxKey, type: 'csat', score: 4, context: { source: 'limited' } });
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(log.attempts).toHaveLength(2);
    expect(await storedWith('limited')).toBe(1);
  });

  it('does not wait for a Retry-After beyond maxRetryDelayMs: the 429 is thrown with its allowance', async () => {
    const log = attemptLog();
    network.use(
      http.post(`${server.url}/collect`, ({ request }) => {
        log.record(request);
        const body = {
          ...problem(429, 'event_limit_reached'),
          limit: 5000,
          plan: 'starter',
          resetAt: '2026-12-01T00:00:00.000Z',
        };
        return HttpResponse.json(body, { status: 429, headers: { 'Retry-After': '86400' } });
      }),
    );
    const error = await rejection(sdk().collect({ inboxKey: server.inboxKey, type: 'thumbs', score: 0 }));
    expect(error).toMatchObject({
      status: 429,
      code: 'event_limit_reached',
      limit: 5000,
      plan: 'starter',
      resetAt: '2026-12-01T00:00:00.000Z',
      retryAfterMs: 86_400_000,
      isRetryable: true,
      attempts: 1,
    });
    expect(log.attempts).toHaveLength(1);
  });

  it('retries reads after 500, 408 and a proxy 502 page', async () => {
    const log = attemptLog();
    network.use(
      http.get(`${server.url}/organizations/:orgId/inboxes`, async ({ request }) => {
        const attempt = log.record(request);
        if (attempt === 1) return HttpResponse.json(problem(500, 'internal_error'), { status: 500 });
        if (attempt === 2) return new HttpResponse(null, { status: 408 });
        if (attempt === 3) return HttpResponse.html('<h1>Bad Gateway</h1>', { status: 502 });
        return fetch(bypass(request));
      }),
    );
    const inboxes = await sdk({ maxRetries: 3 }).inboxes.list().toArray();
    expect(inboxes.length).toBeGreaterThan(0);
    expect(log.attempts).toHaveLength(4);
  });

  it('gives up after maxRetries with the last error and the attempt count', async () => {
    const log = attemptLog();
    network.use(
      http.get(`${server.url}/organizations/:orgId`, ({ request }) => {
        log.record(request);
        return HttpResponse.json(problem(503, 'internal_error'), { status: 503 });
      }),
    );
    const error = await rejection(sdk({ maxRetries: 2 }).organization.get());
    expect(error).toMatchObject({ status: 503, code: 'internal_error', attempts: 3, isRetryable: true });
    expect(log.attempts).toHaveLength(3);
  });

  it('does not retry a 4xx other than 408 and 429, nor a 409', async () => {
    const log = attemptLog();
    network.use(
      http.get(`${server.url}/organizations/:orgId/brands/:brandId`, ({ request }) => {
        const attempt = log.record(request);
        return attempt === 1
          ? HttpResponse.json(problem(409, 'conflict'), { status: 409 })
          : HttpResponse.json(problem(404, 'not_found'), { status: 404 });
      }),
    );
    expect(await rejection(sdk().brands.get('brd_1'))).toMatchObject({ status: 409, code: 'conflict', attempts: 1 });
    expect(await rejection(sdk().brands.get('brd_1'))).toMatchObject({ status: 404, code: 'not_found', attempts: 1 });
    expect(log.attempts).toHaveLength(2);
  });

  it('retries writes under one Idempotency-Key: a create whose answers are lost twice exists once', async () => {
    const log = attemptLog();
    network.use(
      http.post(`${server.url}/organizations/:orgId/brands`, async ({ request }) => {
        const attempt = log.record(request);
        const answer = await fetch(bypass(request));
        return attempt <= 2 ? HttpResponse.error() : answer;
      }),
      http.patch(`${server.url}/organizations/:orgId/brands/:brandId`, async ({ request }) => {
        const attempt = log.record(request);
        const answer = await fetch(bypass(request));
        return attempt <= 4 ? HttpResponse.json(problem(503, 'internal_error'), { status: 503 }) : answer;
      }),
    );
    const hearback = sdk();
    const brand = await hearback.brands.create({ name: 'Exactly once' });
    expect(brand.name).toBe('Exactly once');
    expect(log.attempts.slice(0, 3).map((attempt) => attempt.idempotencyKey)).toEqual(
      Array(3).fill(log.attempts[0]?.idempotencyKey),
    );
    expect(log.attempts[0]?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect((await hearback.brands.list().toArray()).filter((item) => item.name === 'Exactly once')).toHaveLength(1);

    const renamed = await hearback.brands.update(brand.id, { name: 'Renamed once' }, { idempotencyKey: 'rename-1' });
    expect(renamed).toMatchObject({ id: brand.id, name: 'Renamed once' });
    expect(log.attempts.slice(3).map((attempt) => attempt.idempotencyKey)).toEqual(['rename-1', 'rename-1']);
  });

  it('does not retry a search (each counts against the plan and the server keeps no record of it)', async () => {
    const log = attemptLog();
    network.use(
      http.post(`${server.url}/organizations/:orgId/search`, async ({ request }) => {
        log.record(request);
        await fetch(bypass(request));
        return HttpResponse.error();
      }),
    );
    expect(await rejection(sdk().search('anything'))).toMatchObject({ code: 'network_error', attempts: 1 });
    expect(log.attempts).toEqual([{ idempotencyKey: null, requestId: expect.any(String) }]);
  });

  it('reports a refused connection as a retryable network_error after retrying', async () => {
    const port = await unusedPort();
    const error = await rejection(
      new Hearback({
        apiKey: 'hb_x',
        baseUrl: `http://127.0.0.1:${port}`,
        maxRetries: 1,
        initialRetryDelayMs: 5,
      }).health.check(),
    );
    expect(error).toMatchObject({ code: 'network_error', status: undefined, isRetryable: true, attempts: 2 });
    expect(error.message).toMatch(/ECONNREFUSED|fetch failed/);
    expect(error.requestId).toMatch(/^req_/);
  });

  it('stops at once when the caller aborts, without retrying', async () => {
    const log = attemptLog();
    network.use(
      http.get(`${server.url}/healthz`, async ({ request }) => {
        log.record(request);
        await new Promise((resolve) => setTimeout(resolve, 1000));
        return HttpResponse.json({ status: 'ok' });
      }),
    );
    const controller = new AbortController();
    const pending = sdk().health.check({ signal: controller.signal });
    setTimeout(() => controller.abort(new Error('shutting down')), 50);
    await expect(pending).rejects.toThrow('shutting down');
    expect(log.attempts).toHaveLength(1);
  });

  it('times out each attempt, then reports timeout once retries are spent', async () => {
    const log = attemptLog();
    network.use(
      http.get(`${server.url}/healthz`, async ({ request }) => {
        log.record(request);
        await new Promise((resolve) => setTimeout(resolve, 500));
        return HttpResponse.json({ status: 'ok' });
      }),
    );
    const error = await rejection(sdk({ timeoutMs: 50, maxRetries: 1 }).health.check());
    expect(error).toMatchObject({ code: 'timeout', attempts: 2, isRetryable: true });
    expect(log.attempts).toHaveLength(2);
  });
});

function problem(status: number, code: string) {
  return { type: `https://hearback.dev/problems/${code}`, title: 'Error', status, detail: `Simulated ${code}.`, code };
}

async function unusedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  if (typeof address !== 'object' || address === null) throw new Error('No port');
  return address.port;
}
