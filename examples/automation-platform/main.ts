// The automation-platform example, self-verifying: what Zapier, Make or n8n do with Hearback's REST
// hooks, end to end. It starts a fresh Hearback server with its CLI and a local receiver standing
// in for the platform's catch URL, subscribes the receiver with @hearback/node, looks at the
// sample the platform would show, collects feedback, and waits for the delivery: the feedback
// itself (no envelope), with Standard Webhooks headers. Unsubscribes at the end. Exits 1 on any
// failure.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { isDeepStrictEqual, promisify } from 'node:util';
import { Hearback, verifyWebhook } from '@hearback/node';

const cli = join(dirname(createRequire(import.meta.url).resolve('@hearback/server/package.json')), 'dist/cli.js');
// SQLite in a throwaway directory, whatever the shell's environment says.
const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
const serverEnv = {
  ...baseEnv,
  HEARBACK_LOG_LEVEL: 'error',
  // The receiver listens on loopback, which the SSRF guard refuses unless it is allowed.
  HEARBACK_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
};
/** How long a delivery may take to arrive: the first attempt is made as soon as the event commits. */
const DELIVERY_TIMEOUT_MS = 20_000;

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Check failed: ${message}`);
}

interface Delivery {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The platform's side: a catch URL that answers 200 and hands each request to whoever waits. */
async function startReceiver(): Promise<{ url: string; server: Server; next(): Promise<Delivery> }> {
  const arrived: Delivery[] = [];
  const waiting: ((delivery: Delivery) => void)[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"status":"success"}');
      const delivery = { headers: request.headers, body: Buffer.concat(chunks).toString('utf8') };
      const waiter = waiting.shift();
      if (waiter) waiter(delivery);
      else arrived.push(delivery);
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/catch/feedback`,
    server,
    next() {
      const delivery = arrived.shift();
      if (delivery) return Promise.resolve(delivery);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () => reject(new Error(`No delivery within ${DELIVERY_TIMEOUT_MS / 1000} s`)),
          DELIVERY_TIMEOUT_MS,
        );
        waiting.push((received) => {
          clearTimeout(timer);
          resolve(received);
        });
      });
    },
  };
}

async function initOrganization(dataDir: string) {
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'init', '--json', '--data-dir', dataDir], {
    env: serverEnv,
  });
  return JSON.parse(stdout) as { orgId: string; inboxKey: string; adminKey: string; collectKey: string };
}

async function serve(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    for await (const line of lines) {
      const url = line.match(/listening on (http:\/\/\S+)/)?.[1];
      if (url) return { url, child };
    }
  } finally {
    clearTimeout(timeout);
  }
  throw new Error('The server exited before listening');
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-example-'));
  let server: { url: string; child: ChildProcess } | undefined;
  const receiver = await startReceiver();
  try {
    const keys = await initOrganization(dataDir);
    server = await serve(dataDir);
    const hearback = new Hearback({ apiKey: keys.adminKey, baseUrl: server.url, orgId: keys.orgId });

    // Zap on: the platform subscribes its catch URL to one event.
    const hook = await hearback.hooks.subscribe({ event: 'feedback.created', targetUrl: receiver.url });
    check(hook.id.startsWith('auto_') && hook.targetUrl === receiver.url, 'the receiver is subscribed');

    // While the user maps fields, the platform shows recent items in the delivered shape.
    const earlier = await hearback.collect({ inboxKey: keys.inboxKey, type: 'text', comment: 'Sample me' });
    const sample = await hearback.hooks.sample('feedback.created');
    check(sample.data[0]?.id === earlier.id, 'the sample is the newest feedback item');
    // The earlier item was collected after subscribing: it is delivered too.
    const first = await receiver.next();
    check((JSON.parse(first.body) as { id?: string }).id === earlier.id, 'the earlier item arrived first');

    const { id } = await hearback.collect({
      inboxKey: keys.inboxKey,
      type: 'stars',
      score: 5,
      comment: 'Support answered in minutes',
      context: { source: 'example' },
    });
    const delivery = await receiver.next();
    const item = JSON.parse(delivery.body) as Record<string, unknown>;
    const stored = await hearback.feedback.get(id);
    check(isDeepStrictEqual(item, stored), 'the delivery is the feedback as the API returns it, flat');
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) {
      check(delivery.headers[header], `the delivery carries the Standard Webhooks header ${header}`);
    }
    check(String(delivery.headers['webhook-signature']).startsWith('v1,'), 'the signature is v1 (HMAC-SHA256)');
    // The subscription's answer carried the signing secret, once: the platform verifies with it.
    check(
      isDeepStrictEqual(verifyWebhook(delivery.body, delivery.headers, hook.signingSecret), stored),
      "the signature verifies with the subscription's signingSecret",
    );

    // Zap off.
    await hearback.hooks.unsubscribe(hook.id);
    const gone = await hearback.hooks.unsubscribe(hook.id).then(
      () => false,
      (error: { status?: number }) => error.status === 404,
    );
    check(gone, 'the hook is gone after unsubscribing');
    console.log(
      'automation-platform example: subscribed a REST hook, sampled, received the feedback, unsubscribed: ok',
    );
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    receiver.server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
