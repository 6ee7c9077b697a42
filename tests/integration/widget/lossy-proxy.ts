import { createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the proxy loses the answer to the first `POST /collect` after the server has stored it. */
export type AnswerLoss = 'connection-reset' | 'gateway-timeout';

export interface LossyProxy {
  /** The proxy's origin: pages loaded from it send everything, `/collect` included, through it. */
  url: string;
  /** How many `POST /collect` requests reached the server through the proxy. */
  collects: number;
  close(): Promise<void>;
}

/**
 * A real HTTP reverse proxy in front of `target` that passes every request through and every
 * answer back, except the server's answer to the first `POST /collect`: it waits until the server
 * has answered (so the feedback is stored), then drops the client's connection or, as a proxy
 * whose upstream timed out does, answers 504. Every answer closes its connection, so the browser
 * never replays a request on a reused socket by itself.
 *
 * @example
 * const proxy = await startLossyProxy(hearback.url, 'connection-reset');
 * await page.goto(pageUrl.replace(hearback.url, proxy.url));
 */
export async function startLossyProxy(target: string, loss: AnswerLoss): Promise<LossyProxy> {
  let lost = false;
  const proxy: LossyProxy = { url: '', collects: 0, close: async () => {} };
  const server = createServer((incoming, outgoing) => {
    const isCollect = incoming.method === 'POST' && incoming.url?.endsWith('/collect') === true;
    if (isCollect) proxy.collects++;
    const lose = isCollect && !lost;
    if (lose) lost = true;
    const upstream = request(
      new URL(incoming.url ?? '/', target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        if (!lose) {
          outgoing.writeHead(answer.statusCode ?? 502, { ...answer.headers, connection: 'close' });
          answer.pipe(outgoing);
          return;
        }
        answer.resume();
        answer.on('end', () => {
          if (loss === 'connection-reset') incoming.socket.destroy();
          else outgoing.writeHead(504, { 'content-type': 'text/html', connection: 'close' }).end('Gateway Timeout');
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  proxy.close = () =>
    new Promise((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return proxy;
}
