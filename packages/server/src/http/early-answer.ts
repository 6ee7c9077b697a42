import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';

/**
 * The largest declared body the server still reads to its end after answering before it (a 413,
 * a 401 before the body was read), so that the connection can carry the client's next request.
 * Larger bodies, and chunked ones of unknown size, get `Connection: close` instead.
 */
export const DRAIN_LIMIT_BYTES = 4 * 1024 * 1024;

/** A drain that takes longer (a slow or stalled sender) closes the connection. */
const DRAIN_TIMEOUT_MS = 10_000;

/**
 * Wraps a node:http listener so that an answer sent before the request body was read to its end
 * never leaves a pooled connection half-used: either the rest of the body is read and discarded
 * (up to {@link DRAIN_LIMIT_BYTES}) and the connection stays open, or the answer says
 * `Connection: close` and node closes it. Without this, Hono's adapter answered `keep-alive` and then
 * closed the socket when its drain stalled, and the client's next request met `ECONNRESET`.
 *
 * @example
 * createServer(keepConnectionsUsable(listener)).listen(3000);
 */
export function keepConnectionsUsable(listener: RequestListener): RequestListener {
  return (request, response) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') guardEarlyAnswer(request, response);
    return listener(request, response);
  };
}

function guardEarlyAnswer(request: IncomingMessage, response: ServerResponse): void {
  const writeHead = response.writeHead;
  // Every answer passes through writeHead (res.end without it calls it too): the last moment the
  // connection's fate can still be told to the client.
  response.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    if (!request.complete && !drainable(request)) this.setHeader('connection', 'close');
    return writeHead.apply(this, args);
  } as typeof writeHead;
  response.once('finish', () => {
    if (!request.complete && response.getHeader('connection') !== 'close') drain(request);
  });
}

function drainable(request: IncomingMessage): boolean {
  const declared = request.headers['content-length'];
  if (declared === undefined || request.headers['transfer-encoding'] !== undefined) return false;
  return Number(declared) <= DRAIN_LIMIT_BYTES;
}

/** Reads the rest of the body into nothing; beyond the limit or the timeout, closes the socket. */
function drain(request: IncomingMessage): void {
  const close = () => request.socket.destroy();
  const timer = setTimeout(close, DRAIN_TIMEOUT_MS);
  timer.unref();
  // As node's own IncomingMessage#_dump: a reader that gave up on the body (Hono's web stream
  // adapter) would otherwise pause the stream again under backpressure, and the drain would stall.
  request.removeAllListeners('data');
  let read = 0;
  request.on('data', (chunk: Buffer) => {
    read += chunk.length;
    if (read > DRAIN_LIMIT_BYTES) close();
  });
  request.once('close', () => clearTimeout(timer));
  request.resume();
}
