// The feedback-page example, self-verifying: what a new user does with a feedback page. It starts
// a fresh Hearback server with its CLI and a local receiver for webhooks, creates a page with one
// question of every type with @hearback/node, publishes it, opens its link, QR code and flyer,
// answers it as the page's own script does (the proof-of-work captcha solved, the answers posted as
// JSON), and then checks the response, the page's analytics and the signed `page_response.created`
// webhook. Exits 1 on any failure.
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
import { SAMPLE_ANSWERS, SAMPLE_QUESTIONS } from '@hearback/forms';
import { Hearback, verifyWebhook } from '@hearback/node';
import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';

const cli = join(dirname(createRequire(import.meta.url).resolve('@hearback/server/package.json')), 'dist/cli.js');
// SQLite in a throwaway directory, whatever the shell's environment says.
const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
const serverEnv = {
  ...baseEnv,
  HEARBACK_LOG_LEVEL: 'error',
  // The receiver listens on loopback, which the SSRF guard refuses unless it is allowed.
  HEARBACK_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
};
const DELIVERY_TIMEOUT_MS = 20_000;

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Check failed: ${message}`);
}

/** Your endpoint: answers 200 and hands the first request to whoever waits. */
async function startReceiver(): Promise<{
  url: string;
  server: Server;
  next: Promise<{ headers: IncomingHttpHeaders; body: string }>;
}> {
  let deliver: (delivery: { headers: IncomingHttpHeaders; body: string }) => void = () => {};
  const next = new Promise<{ headers: IncomingHttpHeaders; body: string }>((resolve, reject) => {
    deliver = resolve;
    setTimeout(
      () => reject(new Error(`No webhook within ${DELIVERY_TIMEOUT_MS / 1000} s`)),
      DELIVERY_TIMEOUT_MS,
    ).unref();
  });
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      response.writeHead(204).end();
      deliver({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
    });
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hearback`, server, next };
}

async function initOrganization(dataDir: string) {
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'init', '--json', '--data-dir', dataDir], {
    env: serverEnv,
  });
  return JSON.parse(stdout) as { orgId: string; adminKey: string };
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

/** What the page's script does on submit: solve the captcha in a worker, post the answers as JSON. */
async function answerLikeThePage(pageUrl: string, answers: Record<string, unknown>): Promise<Response> {
  const challenge = (await (await fetch(`${pageUrl}/challenge`)).json()) as Challenge;
  const solution = await solveChallenge({ challenge, deriveKey });
  const captcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
  return fetch(pageUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'user-agent': 'hearback-example' },
    body: JSON.stringify({ answers, captcha }),
  });
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-example-'));
  let server: { url: string; child: ChildProcess } | undefined;
  const receiver = await startReceiver();
  try {
    const keys = await initOrganization(dataDir);
    server = await serve(dataDir);
    const hearback = new Hearback({ apiKey: keys.adminKey, baseUrl: server.url, orgId: keys.orgId });

    // Where responses go: your endpoint, signed.
    const automation = await hearback.automations.create({
      name: 'Page responses to my endpoint',
      events: ['page_response.created'],
      webhook: { url: receiver.url },
    });

    // A page with one question of every type, published.
    const draft = await hearback.pages.create({ title: 'How was your visit?', questions: [...SAMPLE_QUESTIONS] });
    check(draft.state === 'draft' && draft.questions.length === 16, 'the page is a draft with 16 questions');
    const page = await hearback.pages.publish(draft.id);
    check(page.state === 'published', 'the page is published');

    // Its link, QR code and flyer, as anyone opens them (no key).
    const share = await hearback.pages.share(page.id);
    const html = await (await fetch(share.url)).text();
    check(html.includes('How was your visit?') && html.includes('<form'), 'the link opens the form');
    const qr = await fetch(share.qrPngUrl);
    check(
      qr.headers.get('content-type') === 'image/png' && (await qr.arrayBuffer()).byteLength > 0,
      'the QR code is a PNG',
    );
    const flyer = await fetch(share.flyerUrl);
    check((await flyer.text()).includes('How was your visit?'), 'the flyer shows the title');

    // Answered as the page's script does; a wrong answer first, named by question.
    const refused = await answerLikeThePage(share.url, { ...SAMPLE_ANSWERS, nps: 11 });
    const problem = (await refused.json()) as { errors?: { path: string }[] };
    check(refused.status === 400 && problem.errors?.[0]?.path === 'answers.nps', 'an NPS of 11 is refused, naming it');
    const sent = await answerLikeThePage(share.url, SAMPLE_ANSWERS);
    check(sent.status === 201, `the response is stored (got ${sent.status})`);

    // The response, the analytics and the webhook.
    const [response] = await hearback.pages.responses.list(page.id).toArray();
    check(
      response && isDeepStrictEqual(response.answers, SAMPLE_ANSWERS),
      'the response holds the answers, normalised',
    );
    const analytics = await hearback.pages.analytics(page.id);
    check(analytics.views >= 1 && analytics.completions === 1, 'the analytics count the view and the completion');
    const delivery = await receiver.next;
    const event = verifyWebhook(delivery.body, delivery.headers as Record<string, string>, automation.signingSecret);
    check(event.type === 'page_response.created', 'the webhook is page_response.created');
    check(isDeepStrictEqual(event.data, response), 'the webhook carries the response as the API returns it');
    console.log(
      `feedback-page example: published ${share.url}, opened its QR code and flyer, answered it, received the signed webhook: ok`,
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
