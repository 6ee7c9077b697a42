import type { IncomingHttpHeaders, IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { CollectInputSchema } from '../domain/collect-input.js';
import { parseInput } from '../domain/parse-input.js';
import type { CollectInput, CollectService } from '../ingest/collect.js';
import { collectFeedback } from '../routes/collect/collect.operations.js';
import { IdempotencyHeaders } from '../routes/collect/collect.schemas.js';
import { requireAccess } from '../services/access.js';
import type { ApiKeysService } from '../services/api-keys.js';
import { readApiKey } from './auth.js';
import { malformedJson, payloadTooLarge, unsupportedMediaType } from './body-errors.js';
import { CORS_RESPONSE_HEADERS } from './cors.js';
import { decodeJsonBody, JSON_CONTENT_TYPE, requireUtf8Charset } from './json-body-encoding.js';
import { renderProblem, toApiError } from './problem.js';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.js';
import { routePath } from './route-path.js';

export interface CollectFastPathOptions {
  services: {
    apiKeys: Pick<ApiKeysService, 'authenticate' | 'authenticateWithInbox'>;
    collect: Pick<CollectService, 'submit'>;
  };
  /** Largest accepted body in bytes (the app's `collectBodyLimit`). */
  bodyLimit: number;
  logError?: ((error: unknown, requestId: string | undefined) => void) | undefined;
}

/** The body could not be read to its end: the client went away, so nobody awaits an answer. */
class BodyAborted extends Error {}

/** A JSON body refused for its charset or bytes: raised before the headers, as the route's middleware does. */
class BodyEncodingRefused extends Error {
  constructor(readonly problem: unknown) {
    super('The JSON body is not UTF-8.');
  }
}

/**
 * Serves `POST /collect` and `POST /v1/collect` directly on node:http and hands every other request
 * (preflights included) to `fallback`, the Hono app's listener. The ingest hot path skips the
 * Request/Response objects, the middleware chain and the validator stack, but keeps their rules:
 * the same body limit, media type gate, zod schema, authentication, service call, problem bodies,
 * CORS and request-id headers, in the same order. test/fast-path.test.ts holds both paths equal.
 *
 * @example
 * const listener = withCollectFastPath(getRequestListener(app.fetch), { services, bodyLimit: 65536 });
 * createServer(listener).listen(3000);
 */
export function withCollectFastPath(
  fallback: (request: IncomingMessage, response: ServerResponse) => unknown,
  options: CollectFastPathOptions,
): RequestListener {
  return (request, response) => {
    if (request.method === 'POST' && isCollectPath(request.url)) void handleCollect(request, response, options);
    else void fallback(request, response);
  };
}

function isCollectPath(url: string | undefined): boolean {
  return url !== undefined && routePath(url) === collectFeedback.route.path;
}

async function handleCollect(
  request: IncomingMessage,
  response: ServerResponse,
  options: CollectFastPathOptions,
): Promise<void> {
  const { headers } = request;
  const requestId = requestIdFrom(single(headers[REQUEST_ID_HEADER]));
  try {
    // The order of the Hono route: body limit, key and scope, the JSON body's charset and UTF-8
    // (its route middleware), headers, media type, JSON, schema.
    const body = await readBody(request, options.bodyLimit);
    // The body is parsed before the key is checked, so that a valid one lets the key and the inbox
    // be read together; its errors are raised at their place in that order.
    let input: CollectInput | undefined;
    let encodingError: unknown;
    let inputError: unknown;
    try {
      input = parseCollectBody(headers['content-type'], body);
    } catch (error) {
      if (error instanceof BodyEncodingRefused) encodingError = error.problem;
      else inputError = error;
    }
    const rawKey = readApiKey(headerReader(headers));
    const { apiKeys } = options.services;
    const { principal, inbox } = input
      ? await apiKeys.authenticateWithInbox(rawKey, input.inboxKey)
      : { principal: await apiKeys.authenticate(rawKey), inbox: undefined };
    requireAccess(principal, collectFeedback.scope);
    if (encodingError) throw encodingError;
    const idempotencyKey = parseIdempotencyKey(headers['idempotency-key']);
    if (!input) throw inputError;
    const result = await options.services.collect.submit(principal, input, idempotencyKey, { inbox });
    const payload = JSON.stringify({ id: result.id, success: true });
    const responseHeaders: Record<string, string> = {
      ...CORS_RESPONSE_HEADERS,
      'content-type': 'application/json',
      [REQUEST_ID_HEADER]: requestId,
    };
    if (result.replayed) responseHeaders['idempotent-replayed'] = 'true';
    send(response, 201, responseHeaders, payload);
  } catch (error) {
    if (error instanceof BodyAborted) return;
    const apiError = toApiError(error);
    if (apiError.status >= 500) options.logError?.(apiError.cause ?? error, requestId);
    const problem = renderProblem(apiError, requestId);
    send(
      response,
      problem.status,
      { ...CORS_RESPONSE_HEADERS, ...problem.headers, [REQUEST_ID_HEADER]: requestId },
      problem.body,
    );
  }
}

/**
 * The whole body, refused with 413 beyond `limit`: up front when Content-Length says so (as Hono's
 * bodyLimit does), else while a chunked body streams in.
 */
function readBody(request: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = request.headers['content-length'];
  if (declared !== undefined && request.headers['transfer-encoding'] === undefined) {
    if (Number.parseInt(declared, 10) > limit) return Promise.reject(payloadTooLarge(limit));
  }
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        // Stop buffering; node discards the rest of the body once the 413 is sent.
        request.off('data', onData);
        reject(payloadTooLarge(limit));
        return;
      }
      chunks.push(chunk);
    };
    request.on('data', onData);
    request.once('end', () => resolve(chunks.length === 1 ? (chunks[0] as Buffer) : Buffer.concat(chunks, size)));
    request.once('close', () => {
      if (!request.complete) reject(new BodyAborted());
    });
    request.once('error', () => reject(new BodyAborted()));
  });
}

function parseIdempotencyKey(header: string | string[] | undefined): string | undefined {
  if (header === undefined) return undefined;
  return parseInput(IdempotencyHeaders, { 'idempotency-key': header }, 'header')['idempotency-key'];
}

/**
 * Charset and UTF-8 (utf8JsonBody), media type gate, JSON parse and schema, as the route applies
 * them to a required JSON body: no Content-Type is accepted only with an empty body, which is then
 * validated as `{}`.
 */
function parseCollectBody(contentType: string | undefined, body: Buffer): CollectInput {
  let value: unknown = {};
  if (contentType) {
    if (!JSON_CONTENT_TYPE.test(contentType)) throw unsupportedMediaType();
    let text: string;
    try {
      requireUtf8Charset(contentType);
      text = decodeJsonBody(body);
    } catch (error) {
      throw new BodyEncodingRefused(error);
    }
    try {
      value = JSON.parse(text);
    } catch {
      throw malformedJson();
    }
  } else if (body.length > 0) {
    throw unsupportedMediaType();
  }
  return parseInput(CollectInputSchema, value, 'json');
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string): void {
  if (response.destroyed) return;
  headers['content-length'] = String(Buffer.byteLength(body));
  response.writeHead(status, headers);
  response.end(body);
}

function single(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value.join(', ') : value;
}

function headerReader(headers: IncomingHttpHeaders): { get(name: string): string | undefined } {
  return { get: (name) => single(headers[name]) };
}
