import createClient, { type Client, type Middleware } from 'openapi-fetch';
import { createRequestId, REQUEST_ID_HEADER } from './request-id.js';
import type { paths } from './schema.gen.js';

/** The header the server reads the API key from. */
export const API_KEY_HEADER = 'X-Service-Key';

/** A fetch-compatible function: the global `fetch`, a test double, or a server's `app.fetch`. */
export type FetchLike = (request: Request) => Promise<Response>;

export interface HearbackClientOptions {
  /** Where the server answers, e.g. `https://feedback.example.com` (a `/v1` suffix works too). */
  baseUrl: string;
  /** An API key (`hb_…`) sent as `X-Service-Key`. Optional for the unauthenticated health checks. */
  apiKey?: string | undefined;
  /** Replaces the global `fetch` (resolved on each request, so test interceptors still apply). */
  fetch?: FetchLike | undefined;
  /** Extra headers for every request. */
  headers?: Record<string, string> | undefined;
  /** Makes the `X-Request-Id` of each request that has none; defaults to {@link createRequestId}. */
  requestId?: (() => string) | undefined;
}

/** The typed client: `GET`, `POST`, `PATCH`, `DELETE` … over every path of the API. */
export type HearbackClient = Client<paths>;

/**
 * Creates a typed client for the Hearback API. Every call resolves to `{ data, error, response }`:
 * `error` is the problem document (`Problem`) of a failed request and nothing is thrown for HTTP
 * errors; a network failure rejects, as `fetch` does. Each request carries the API key and an
 * `X-Request-Id` that the server echoes and logs.
 *
 * @example
 * const hearback = createHearbackClient({ baseUrl: 'http://localhost:3000', apiKey: 'hb_…' });
 * const { data, error } = await hearback.GET('/organizations/{orgId}/feedback', {
 *   params: { path: { orgId: 'org_…' }, query: { status: 'new', limit: 20 } },
 * });
 * if (error) console.error(error.code, error.detail);
 * else for (const item of data.data) console.log(item.type, item.score);
 */
export function createHearbackClient(options: HearbackClientOptions): HearbackClient {
  const customFetch = options.fetch;
  const headers: Record<string, string> = { ...options.headers };
  if (options.apiKey) headers[API_KEY_HEADER] = options.apiKey;
  const client = createClient<paths>({
    baseUrl: options.baseUrl,
    headers,
    // Looked up per request rather than captured once, so a fetch patched later (msw, a polyfill) applies.
    fetch: (request) => (customFetch ? customFetch(request) : globalThis.fetch(request)),
  });
  client.use(requestIdMiddleware(options.requestId ?? createRequestId));
  return client;
}

function requestIdMiddleware(nextId: () => string): Middleware {
  return {
    onRequest({ request }) {
      if (!request.headers.has(REQUEST_ID_HEADER)) request.headers.set(REQUEST_ID_HEADER, nextId());
      return request;
    },
  };
}
