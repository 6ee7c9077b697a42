import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request the receiver got. */
export interface ReceivedWebhook {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** `performance.timeOrigin + performance.now()` at the end of the body. */
  receivedAt: number;
}

/** How the receiver answers one request. */
export type ReceiverAnswer =
  | { status: number; headers?: Record<string, string>; body?: string }
  /** Never answers (until the receiver closes): the sender's timeout must end the attempt. */
  | 'hang'
  /** Answers nothing and destroys the connection. */
  | 'reset';

export interface WebhookReceiver {
  url: string;
  received: ReceivedWebhook[];
  /** Resolves once `count` requests in all have arrived. */
  waitFor(count: number): Promise<ReceivedWebhook[]>;
  /** The most requests ever in progress at once on one path. */
  maxConcurrentPerPath(): number;
  close(): Promise<void>;
}

/**
 * A real HTTP receiver on 127.0.0.1: `answer` decides each response from the request (and how
 * many came before it); every request is recorded.
 *
 * @example
 * const receiver = await startWebhookReceiver((_, index) => (index === 0 ? { status: 500 } : { status: 200 }));
 */
export async function startWebhookReceiver(
  answer: (request: ReceivedWebhook, index: number) => ReceiverAnswer | Promise<ReceiverAnswer> = () => ({
    status: 200,
  }),
): Promise<WebhookReceiver> {
  const received: ReceivedWebhook[] = [];
  const waiters: { count: number; resolve: (value: ReceivedWebhook[]) => void }[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();
  const inProgress = new Map<string, number>();
  let maxConcurrent = 0;
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    inProgress.set(path, (inProgress.get(path) ?? 0) + 1);
    maxConcurrent = Math.max(maxConcurrent, inProgress.get(path) ?? 0);
    const done = () => inProgress.set(path, (inProgress.get(path) ?? 1) - 1);
    response.once('close', done);
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const webhook: ReceivedWebhook = {
        path,
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
        receivedAt: performance.timeOrigin + performance.now(),
      };
      const index = received.length;
      received.push(webhook);
      for (const waiter of waiters.filter((candidate) => received.length >= candidate.count)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve([...received]);
      }
      const reply = await answer(webhook, index);
      if (reply === 'hang') {
        hanging.add(response);
        return;
      }
      if (reply === 'reset') {
        request.socket.destroy();
        return;
      }
      response.writeHead(reply.status, reply.headers ?? {});
      response.end(reply.body ?? '');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    waitFor(count) {
      if (received.length >= count) return Promise.resolve([...received]);
      return new Promise((resolve) => waiters.push({ count, resolve }));
    },
    maxConcurrentPerPath: () => maxConcurrent,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
