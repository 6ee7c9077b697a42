import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Connections that have not carried a request yet: a browser's preconnect, a pool's spare socket,
 * one whose request the client gave up on before sending it. Node's `closeIdleConnections()`
 * leaves them to the headers timeout (about 70 s with its 30 s check interval), so a stopping
 * server would wait that long for clients that may never speak.
 *
 * @example
 * const unused = trackUnusedConnections(server);
 * server.close();
 * unused.closeAll();
 */
export function trackUnusedConnections(server: Server): { closeAll(): void } {
  const unused = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    unused.add(socket);
    socket.once('close', () => unused.delete(socket));
  });
  server.on('request', (request) => unused.delete(request.socket));
  return {
    closeAll() {
      for (const socket of unused) socket.destroy();
    },
  };
}
