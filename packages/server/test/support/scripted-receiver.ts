import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

/** One request as the receiver saw it, the body as raw text. */
export interface ReceivedRequest {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  /** The raw header pairs, for byte-exact checks of header values. */
  rawHeaders: string[];
  body: string;
}

/** How the receiver answers one request; it may also never answer. */
export type ReceiverScript = (request: IncomingMessage, response: ServerResponse, body: string) => void;

export interface ScriptedReceiver {
  /** `http://127.0.0.1:PORT`. */
  url: string;
  port: number;
  requests: ReceivedRequest[];
  /** TCP connections accepted, answered or not. */
  connections: number;
  /** Answers the next requests with these, in order; when they run out, 200 `ok`. */
  script(...steps: ReceiverScript[]): void;
  /** Resolves when the connection that carried the latest request closes. */
  lastConnectionClosed(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A real HTTP server on 127.0.0.1 that answers as scripted: for webhook tests that need a
 * receiver that fails, hangs, resets or redirects. Records every request it reads.
 */
export async function startScriptedReceiver(): Promise<ScriptedReceiver> {
  const steps: ReceiverScript[] = [];
  const sockets = new Set<Socket>();
  const socketClosed = new WeakMap<Socket, Promise<void>>();
  let lastSocketClosed: Promise<void> = Promise.resolve();
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      receiver.requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        rawHeaders: request.rawHeaders,
        body,
      });
      lastSocketClosed = socketClosed.get(request.socket) ?? Promise.resolve();
      const step = steps.shift() ?? ((_request, answer) => answer.end('ok'));
      step(request, response, body);
    });
  });
  server.on('connection', (socket: Socket) => {
    receiver.connections += 1;
    sockets.add(socket);
    socketClosed.set(socket, new Promise((resolve) => socket.once('close', () => resolve())));
    socket.once('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const receiver: ScriptedReceiver = {
    url: `http://127.0.0.1:${port}`,
    port,
    requests: [],
    connections: 0,
    script: (...next) => {
      steps.push(...next);
    },
    lastConnectionClosed: () => lastSocketClosed,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return receiver;
}
