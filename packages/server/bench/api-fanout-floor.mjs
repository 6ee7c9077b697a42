#!/usr/bin/env node
/**
 * The floor of `pnpm bench:api`'s stream figure: a bare node:http server holding Server-Sent
 * Events streams (`GET /stream`) that writes each `POST /publish` to every stream, then answers
 * 201 `{id}`. No storage, no framework: what 200 streams' worth of socket writes and client parsing
 * cost on this machine. Prints `listening on <port>` once ready.
 *
 *   node bench/api-fanout-floor.mjs <port>
 */
import { createServer } from 'node:http';

const streams = new Set();
let sequence = 0;

const server = createServer((request, response) => {
  if (request.method === 'GET' && request.url === '/stream') {
    response.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' });
    response.write('retry: 1000\n\n');
    streams.add(response);
    request.on('close', () => streams.delete(response));
    return;
  }
  if (request.method === 'POST' && request.url === '/publish') {
    request.resume().on('end', () => {
      sequence += 1;
      const id = `item-${sequence}`;
      const event = `event: feedback.created\nid: ${sequence}\ndata: ${JSON.stringify({ id })}\n\n`;
      for (const stream of streams) stream.write(event);
      response.writeHead(201, { 'content-type': 'application/json' }).end(JSON.stringify({ id }));
    });
    return;
  }
  response.writeHead(404).end();
});

server.listen(Number(process.argv[2]), '127.0.0.1', () => process.stdout.write(`listening on ${process.argv[2]}\n`));
