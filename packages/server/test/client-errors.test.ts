import { maxHeaderSize } from 'node:http';
import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listen, type RunningServer } from '../src/http-server.js';
import { openTestRuntime } from './support/harness.js';

/**
 * Requests node:http refuses before any route sees them (headers or URL too long, bytes that are
 * not HTTP) get a problem body like every other error, over a real socket. No storage is involved,
 * so one dialect is enough.
 */

interface RawAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Writes `request` on a fresh connection and reads until the server closes it; then `after`, if
 * given, once the first bytes of an answer have come back.
 */
function exchange(port: number, request: string, after?: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => {
      received += chunk;
      if (after !== undefined && received.includes('\r\n\r\n')) {
        socket.write(after);
        after = undefined;
      }
    });
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
    socket.write(request);
  });
}

/** Every response in `raw`, in order (Content-Length framed). */
function responsesIn(raw: string): RawAnswer[] {
  const answers: RawAnswer[] = [];
  let rest = raw;
  while (rest.length > 0) {
    const headEnd = rest.indexOf('\r\n\r\n');
    if (headEnd === -1) throw new Error(`Not an HTTP response: ${JSON.stringify(rest)}`);
    const [statusLine = '', ...headerLines] = rest.slice(0, headEnd).split('\r\n');
    const headers: Record<string, string> = {};
    for (const line of headerLines) {
      const colon = line.indexOf(':');
      headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    const bodyStart = headEnd + 4;
    // Without Content-Length (node's own plain answers) the body runs to the end of the connection.
    const length = headers['content-length'] === undefined ? rest.length : Number(headers['content-length']);
    answers.push({
      status: Number(statusLine.split(' ')[1]),
      headers,
      body: rest.slice(bodyStart, bodyStart + length),
    });
    rest = rest.slice(bodyStart + length);
  }
  return answers;
}

function expectProblemAnswer(answer: RawAnswer | undefined, status: number, code: string) {
  expect(answer?.status, JSON.stringify(answer)).toBe(status);
  expect(answer?.headers['content-type']).toBe('application/problem+json');
  expect(answer?.headers.connection).toBe('close');
  expect(answer?.headers['access-control-allow-origin']).toBe('*');
  const problem = JSON.parse(answer?.body ?? '');
  expect(problem).toMatchObject({
    status,
    code,
    type: `https://hearback.dev/problems/${code.replaceAll('_', '-')}`,
    title: expect.any(String),
    detail: expect.any(String),
    requestId: answer?.headers['x-request-id'],
  });
  return problem;
}

describe('Requests node:http cannot parse', () => {
  let server: RunningServer;
  let cleanup: () => Promise<void>;

  beforeAll(async () => {
    const opened = await openTestRuntime('sqlite');
    cleanup = opened.cleanup;
    server = await listen(opened.runtime, { port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await server?.close();
    await cleanup?.();
  });

  const oversized = 'a'.repeat(maxHeaderSize + 1_000);

  it('answers headers over the limit with a 431 problem and closes the connection', async () => {
    const raw = await exchange(server.port, `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${oversized}\r\n\r\n`);
    const problem = expectProblemAnswer(responsesIn(raw)[0], 431, 'headers_too_large');
    expect(problem.detail).toContain(String(maxHeaderSize));
  });

  it('answers a URL over the limit with a 431 problem', async () => {
    const raw = await exchange(server.port, `GET /healthz?q=${oversized} HTTP/1.1\r\nHost: x\r\n\r\n`);
    expectProblemAnswer(responsesIn(raw)[0], 431, 'headers_too_large');
  });

  it.each([
    ['bytes that are not HTTP', 'HELLO THERE\r\n\r\n'],
    ['a header name with a space', 'GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header: y\r\n\r\n'],
    ['a Content-Length that is not a number', 'POST /collect HTTP/1.1\r\nHost: x\r\nContent-Length: ten\r\n\r\n'],
  ])('answers %s with a 400 problem', async (_name, request) => {
    const raw = await exchange(server.port, request);
    expectProblemAnswer(responsesIn(raw)[0], 400, 'bad_request');
  });

  it('answers a bad request after a good one on the same connection, leaving the first intact', async () => {
    const raw = await exchange(server.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n', 'NOT HTTP\r\n\r\n');
    const [first, second] = responsesIn(raw);
    expect(first?.status).toBe(200);
    expect(JSON.parse(first?.body ?? '')).toEqual({ status: 'ok' });
    expectProblemAnswer(second, 400, 'bad_request');
  });

  it('keeps serving other connections', async () => {
    const raw = await exchange(server.port, 'GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');
    expect(responsesIn(raw)[0]?.status).toBe(200);
  });
});
