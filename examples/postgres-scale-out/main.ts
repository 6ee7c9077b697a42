// The postgres-scale-out example, self-verifying: two `hearback serve` processes on one PostgreSQL
// database, as a load balancer would spread them, behave as one service. Feedback collected by
// either reaches a realtime stream held by the other, a retry with the same Idempotency-Key sent to
// the other server gets the first id, a webhook is sent once per event (never once per server), and
// when one server stops the other keeps answering. Exits 1 on any failure.
//
// PostgreSQL: a database of its own on the server of DATABASE_URL (dropped at the end), or, without
// DATABASE_URL, a throwaway PostgreSQL started from its binaries (Debian: apt-get install postgresql).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { type FeedbackStreamEvent, Hearback, verifyWebhook } from '@hearback/node';
// The server's own test fixtures: a throwaway PostgreSQL, and a database of its own on a server.
import {
  createTestDatabase,
  findPostgresBinaries,
  startPostgres,
} from '../../packages/server/test/support/postgres-server.ts';

const cli = join(dirname(createRequire(import.meta.url).resolve('@hearback/server/package.json')), 'dist/cli.js');
const ITEMS = 20;
const WAIT_MS = 30_000;

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Check failed: ${message}`);
}

/** Resolves once `condition()` holds, checking whenever `changed` fires; fails after `timeoutMs`. */
function waitFor(what: string, condition: () => boolean, changed: EventTarget, timeoutMs = WAIT_MS): Promise<void> {
  return new Promise((resolve, reject) => {
    const done = () => {
      if (!condition()) return;
      clearTimeout(timer);
      changed.removeEventListener('change', done);
      resolve();
    };
    const timer = setTimeout(() => {
      changed.removeEventListener('change', done);
      reject(new Error(`Timed out waiting for ${what}`));
    }, timeoutMs);
    changed.addEventListener('change', done);
    done();
  });
}

/** Resolves with `read()`'s first defined answer, read again every 100 ms; fails after WAIT_MS. */
async function until<T>(what: string, read: () => Promise<T | undefined>): Promise<T> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Where the database lives for this run, and how to remove it. */
async function database(): Promise<{ url: string; remove(): Promise<void> }> {
  if (process.env.DATABASE_URL) {
    const created = await createTestDatabase(process.env.DATABASE_URL, {
      name: `hearback_scale_out_${randomBytes(6).toString('hex')}`,
    });
    return { url: created.url, remove: created.drop };
  }
  const server = await startPostgres();
  const created = await createTestDatabase(server.url);
  return {
    url: created.url,
    remove: async () => {
      await created.drop();
      await server.stop();
    },
  };
}

/** A webhook receiver on 127.0.0.1 that keeps each verified event by its `webhook-id`. */
async function webhookReceiver() {
  const received: { id: string; type: string; feedbackId: string }[] = [];
  const changed = new EventTarget();
  let secret = '';
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      // Throws on a forged or stale request: the delivery then fails and shows in the log.
      const event = verifyWebhook(Buffer.concat(chunks), request.headers, secret);
      received.push({
        id: String(request.headers['webhook-id']),
        type: event.type,
        feedbackId: (event.data as { id: string }).id,
      });
      response.writeHead(204).end();
      changed.dispatchEvent(new Event('change'));
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/hearback`,
    received,
    changed,
    useSecret: (value: string) => {
      secret = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function serve(name: string, env: NodeJS.ProcessEnv): Promise<{ url: string; child: ChildProcess }> {
  const dataDir = mkdtempSync(join(tmpdir(), `hearback-${name}-`));
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], {
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  child.once('exit', () => rmSync(dataDir, { recursive: true, force: true }));
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const timeout = setTimeout(() => child.kill('SIGKILL'), WAIT_MS);
  try {
    for await (const line of lines) {
      const url = line.match(/listening on (http:\/\/\S+)/)?.[1];
      if (url) return { url, child };
    }
  } finally {
    clearTimeout(timeout);
  }
  throw new Error(`Server ${name} exited before listening`);
}

async function stop(server: { child: ChildProcess }): Promise<number | null> {
  if (server.child.exitCode !== null) return server.child.exitCode;
  server.child.kill('SIGTERM');
  const [code] = await once(server.child, 'exit');
  return code as number | null;
}

async function main(): Promise<void> {
  // As the test suite does: outside CI, a machine without PostgreSQL skips this example, loudly.
  if (!process.env.DATABASE_URL && !findPostgresBinaries() && process.env.CI !== 'true') {
    console.warn('!! postgres-scale-out example SKIPPED: set DATABASE_URL or install PostgreSQL (initdb, pg_ctl).');
    return;
  }
  const db = await database();
  const receiver = await webhookReceiver();
  const servers: { url: string; child: ChildProcess }[] = [];
  const streaming = new AbortController();
  try {
    const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
    const env = {
      ...baseEnv,
      DATABASE_URL: db.url,
      // Every process of one database seals and opens secrets with the same server secret.
      HEARBACK_SECRET: randomBytes(32).toString('base64url'),
      // The receiver is on this machine: the SSRF guard refuses loopback unless told.
      HEARBACK_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
      // Not what this example shows; it would load an embedding model in each process.
      HEARBACK_SEARCH: 'off',
      HEARBACK_LOG_LEVEL: 'error',
    };
    const { stdout } = await promisify(execFile)(process.execPath, [cli, 'init', '--json'], { env });
    const keys = JSON.parse(stdout) as { orgId: string; inboxKey: string; adminKey: string; collectKey: string };

    // Two servers, each with its own data directory: the database is all they share.
    const [a, b] = [await serve('a', env), await serve('b', env)];
    servers.push(a, b);
    const admin = (server: { url: string }) =>
      new Hearback({ apiKey: keys.adminKey, baseUrl: server.url, orgId: keys.orgId });
    const collector = (server: { url: string }) => new Hearback({ apiKey: keys.collectKey, baseUrl: server.url });

    // An automation made through server A; the deliveries are shared out by both servers' workers.
    const automation = await admin(a).automations.create({
      name: 'Every item to the receiver',
      events: ['feedback.created'],
      webhook: { url: receiver.url },
    });
    receiver.useSecret(automation.signingSecret);

    // A realtime stream held by server B. It starts at the present, so items are sent until the
    // first one arrives; from then on every item sent must arrive.
    const streamed: FeedbackStreamEvent[] = [];
    const streamChanged = new EventTarget();
    const reading = (async () => {
      for await (const event of admin(b).feedback.stream({}, { signal: streaming.signal })) {
        streamed.push(event);
        streamChanged.dispatchEvent(new Event('change'));
      }
    })().catch((error: unknown) => {
      if (!streaming.signal.aborted) throw error;
    });
    const warmUps: string[] = [];
    while (streamed.length === 0) {
      const { id } = await collector(a).collect({
        inboxKey: keys.inboxKey,
        type: 'thumbs',
        score: 1,
        comment: 'warm-up',
      });
      warmUps.push(id);
      const arrived = waitFor('the stream', () => streamed.length > 0, streamChanged, 500).catch(() => {});
      await Promise.race([arrived, reading]);
    }

    // Items collected through both servers, as a load balancer would alternate them.
    const sent: string[] = [];
    for (let index = 0; index < ITEMS; index++) {
      const server = index % 2 === 0 ? a : b;
      const { id } = await collector(server).collect({
        inboxKey: keys.inboxKey,
        type: 'nps',
        score: index % 11,
        comment: `Item ${index} through ${server === a ? 'A' : 'B'}`,
      });
      sent.push(id);
    }
    await waitFor(
      `the ${ITEMS} items on the stream of server B`,
      () => sent.every((id) => streamed.some((event) => event.feedback.id === id)),
      streamChanged,
    );
    console.log(`stream on B: received all ${ITEMS} items, ${ITEMS / 2} of them collected by A`);

    // A retry reaching the other server: same key, same answer, one row.
    const first = await collector(a).collect(
      { inboxKey: keys.inboxKey, type: 'thumbs', score: 1, comment: 'Order 1001 arrived late' },
      { idempotencyKey: 'order-1001' },
    );
    const retry = await collector(b).collect(
      { inboxKey: keys.inboxKey, type: 'thumbs', score: 1, comment: 'Order 1001 arrived late' },
      { idempotencyKey: 'order-1001' },
    );
    check(retry.id === first.id, `the retry on B answers A's id (${first.id}, got ${retry.id})`);
    const total = warmUps.length + ITEMS + 1;
    for (const server of [a, b]) {
      const listed = await admin(server).feedback.list().toArray();
      check(listed.length === total, `each server lists the ${total} items (found ${listed.length})`);
    }
    console.log(`idempotency: a retry sent to B got A's id ${first.id}; both servers list ${total} items`);

    // Each event delivered once, whichever server collected it and whichever worker sent it.
    const expected = [...warmUps, ...sent, first.id];
    await waitFor(
      `${total} webhooks`,
      () => expected.every((id) => receiver.received.some((event) => event.feedbackId === id)),
      receiver.changed,
    );
    // The log records an attempt once the receiver's answer is back: read it until all are in.
    const deliveries = await until('every delivery recorded', async () => {
      const logged = await admin(b).automations.deliveries(automation.id).toArray();
      return logged.every((delivery) => delivery.status === 'succeeded') ? logged : undefined;
    });
    check(deliveries.length === total, `one delivery per event (${deliveries.length} for ${total} events)`);
    check(
      deliveries.every((delivery) => delivery.attempts.length === 1),
      'each sent at its first and only attempt',
    );
    const ids = receiver.received.map((event) => event.id);
    check(new Set(ids).size === ids.length, `no webhook arrived twice (${ids.length} received)`);
    console.log(`webhooks: ${total} events, ${total} deliveries, each sent once by one of the two servers`);

    // Server A stops (a deploy, a scale-in): it finishes what it holds and exits; B carries on.
    streaming.abort();
    await reading;
    check((await stop(a)) === 0, 'server A stops cleanly on SIGTERM');
    const after = await collector(b).collect({ inboxKey: keys.inboxKey, type: 'thumbs', score: 1, comment: 'After A' });
    check((await admin(b).health.ready()).status === 'ok', 'server B is ready');
    check((await admin(b).feedback.get(after.id)).comment === 'After A', 'server B stores and serves alone');
    console.log('postgres-scale-out example: two servers on one PostgreSQL database act as one service: ok');
  } finally {
    streaming.abort();
    for (const server of servers) await stop(server);
    await receiver.close();
    await db.remove();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
