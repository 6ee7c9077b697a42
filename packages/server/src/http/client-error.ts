import { maxHeaderSize, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '../errors/api-error.js';
import { CORS_RESPONSE_HEADERS } from './cors.js';
import { renderProblem } from './problem.js';
import { REQUEST_ID_HEADER, requestIdFrom } from './request-id.js';

/**
 * The problem for a request node:http could not parse, with the status node itself would answer
 * (431 for a request line and headers over `maxHeaderSize`, 413, 408, else 400).
 */
export function clientErrorProblem(error: Error & { code?: string }): ApiError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return new ApiError(
        431,
        'headers_too_large',
        `The request line (URL included) and headers exceed ${maxHeaderSize} bytes.`,
      );
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return new ApiError(413, 'payload_too_large', 'The chunk extensions of the request body are too large.');
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return new ApiError(408, 'request_timeout', 'The request was not received in time.');
    default:
      return new ApiError(400, 'bad_request', 'The request is not valid HTTP/1.1.');
  }
}

/**
 * node:http's `clientError` listener: answers with a problem body where node would write its own
 * plain-text 4xx, then closes the connection (the parser cannot go on after an error).
 *
 * @example
 * server.on('clientError', answerClientError);
 */
export function answerClientError(error: Error & { code?: string }, socket: Duplex): void {
  // As node's default: nothing to answer on a reset or closed socket, nor once a response to an
  // earlier request on it has begun (more bytes would corrupt it). `_httpMessage` is that response.
  const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } | null })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy(error);
    return;
  }
  const requestId = requestIdFrom(undefined);
  const { status, headers, body } = renderProblem(clientErrorProblem(error), requestId);
  const head = {
    ...CORS_RESPONSE_HEADERS,
    ...headers,
    [REQUEST_ID_HEADER]: requestId,
    'content-length': String(Buffer.byteLength(body)),
    connection: 'close',
  };
  const lines = Object.entries(head).map(([name, value]) => `${name}: ${value}`);
  socket.end(`HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${lines.join('\r\n')}\r\n\r\n${body}`, () =>
    socket.destroy(),
  );
}
