#!/usr/bin/env node
/**
 * The dashboard's inbox, cold, in Chromium: an organization with `--items` feedback (10,000 by
 * default) and a signed-in member; each of `--runs` rounds opens the inbox in a fresh browser
 * context (empty cache, as a first visit) and times navigation start → the first page of items on
 * screen (a MutationObserver in the page notes the first `li.feedback-row`). Issue 18's budget:
 * ≤ 1 s on this machine.
 *
 * Baselines in the same run: the browser's floor (a static page from the same server, timed the
 * same way) and the API's share (the list call the inbox makes, from Node).
 *
 * Usage (from the workspace root): pnpm bench:dashboard [-- --items 10000 --runs 10]
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { chromium } from 'playwright-core';
import { children, cleanupOnExit, freePort, percentile, tempDirs } from './harness.mjs';
import { benchOptions } from './options.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const execFileAsync = promisify(execFile);
const TARGET_MS = 1000;
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

const args = benchOptions({
  items: { type: 'string', default: '10000' },
  runs: { type: 'string', default: '10' },
  cli: { type: 'string', default: join(here, '..', 'dist', 'cli.js') },
  chromium: { type: 'string', default: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' },
  help: { type: 'boolean', default: false },
});
if (args.help) {
  process.stdout.write('node bench/dashboard.mjs [--items n=10000] [--runs n=10] [--chromium path]\n');
  process.exit(0);
}
const items = Number(args.items);
const runs = Number(args.runs);
cleanupOnExit();

const PERSON = { name: 'Bench Reader', email: 'bench@example.com', password: 'a-long-bench-password' };
const TYPES = [
  ['nps', 11],
  ['stars', 5],
  ['csat', 5],
  ['thumbs', 2],
];

async function start() {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-bench-dashboard-'));
  const publicDir = mkdtempSync(join(tmpdir(), 'hearback-bench-dashboard-public-'));
  tempDirs.add(dataDir).add(publicDir);
  // The floor: a page with nothing to fetch or run, timed like the inbox.
  writeFileSync(
    join(publicDir, 'floor.html'),
    '<!doctype html><title>floor</title><ul><li class="feedback-row">row</li></ul>',
  );
  const env = { ...process.env, HEARBACK_LOG_LEVEL: 'error', HEARBACK_SEARCH: 'off' };
  const { stdout } = await execFileAsync(process.execPath, [args.cli, 'init', '--json', '--data-dir', dataDir], {
    env,
  });
  const keys = JSON.parse(stdout);
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [
      args.cli,
      'serve',
      '--port',
      String(port),
      '--host',
      '127.0.0.1',
      '--data-dir',
      dataDir,
      '--public-dir',
      publicDir,
    ],
    { env, stdio: ['ignore', 'pipe', 'inherit'] },
  );
  children.add(child);
  await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
      if (/listening on/.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`serve exited (${code}):\n${output}`)));
  });
  return { url: `http://127.0.0.1:${port}`, keys };
}

/** The first user signs up (and so owns the organization `init` made); returns the session cookie. */
async function signUp(url) {
  const response = await fetch(`${url}/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: url },
    body: JSON.stringify(PERSON),
  });
  if (!response.ok) throw new Error(`sign-up: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((cookie) => cookie.split(';')[0]);
}

async function seed(url, keys) {
  let sent = 0;
  const started = performance.now();
  const worker = async () => {
    while (sent < items) {
      const n = sent++;
      const [type, scores] = TYPES[n % TYPES.length];
      const score = type === 'stars' || type === 'csat' ? 1 + (n % scores) : n % scores;
      const response = await fetch(`${url}/collect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': keys.collectKey },
        body: JSON.stringify({
          inboxKey: keys.inboxKey,
          type,
          score,
          comment: `Bench comment number ${n}`,
          context: { source: 'bench' },
        }),
      });
      if (response.status !== 201) throw new Error(`collect: ${response.status} ${await response.text()}`);
      if (n % 2000 === 0) process.stdout.write(`  seeded ${n}/${items}\n`);
    }
  };
  await Promise.all(Array.from({ length: 16 }, worker));
  process.stdout.write(`  seeded ${items} items in ${((performance.now() - started) / 1000).toFixed(1)} s\n`);
}

/** Navigation start → first `li.feedback-row` in the document, in a fresh context (cold cache). */
async function firstRowMs(browser, url, cookies) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const { hostname } = new URL(url);
  await context.addCookies(
    cookies.map((pair) => {
      const [name, ...value] = pair.split('=');
      return { name, value: value.join('='), domain: hostname, path: '/' };
    }),
  );
  await context.addInitScript(() => {
    const seen = () => {
      if (window.firstRowAt === undefined && document.querySelector('li.feedback-row'))
        window.firstRowAt = performance.now();
    };
    new MutationObserver(seen).observe(document, { childList: true, subtree: true });
  });
  const page = await context.newPage();
  await page.goto(url);
  await page.waitForSelector('li.feedback-row');
  const ms = await page.evaluate(() => window.firstRowAt);
  await context.close();
  return ms;
}

async function listCallMs(url, keys, cookies) {
  const started = performance.now();
  const response = await fetch(`${url}/organizations/${keys.orgId}/feedback?limit=50`, {
    headers: { cookie: cookies.join('; ') },
  });
  if (!response.ok) throw new Error(`list: ${response.status}`);
  await response.json();
  return performance.now() - started;
}

const sorted = (values) => [...values].sort((a, b) => a - b);
const ms = (value) => `${value.toFixed(0)} ms`;

const { url, keys } = await start();
const cookies = await signUp(url);
process.stdout.write(`Seeding ${items} feedback items through /collect…\n`);
await seed(url, keys);
const browser = await chromium.launch({ executablePath: args.chromium, args: CHROMIUM_ARGS });
const inbox = [];
const floor = [];
const api = [];
const inboxUrl = `${url}/app/orgs/${keys.orgId}/inbox`;
// One warm-up of each (the server's first requests, Chromium's first process), not counted.
await firstRowMs(browser, inboxUrl, cookies);
await firstRowMs(browser, `${url}/floor.html`, cookies);
for (let run = 0; run < runs; run++) {
  inbox.push(await firstRowMs(browser, inboxUrl, cookies));
  floor.push(await firstRowMs(browser, `${url}/floor.html`, cookies));
  api.push(await listCallMs(url, keys, cookies));
  process.stdout.write(
    `  run ${run + 1}/${runs}: inbox ${ms(inbox.at(-1))}, floor ${ms(floor.at(-1))}, list call ${ms(api.at(-1))}\n`,
  );
}
await browser.close();

const p50 = (values) => percentile(sorted(values), 50);
const p95 = (values) => percentile(sorted(values), 95);
const inboxP95 = p95(inbox);
process.stdout.write(
  [
    '',
    `Inbox first page, cold, ${items} items in the organization (${runs} runs):`,
    `  inbox            p50 ${ms(p50(inbox))}  p95 ${ms(inboxP95)}   target ≤ ${TARGET_MS} ms: ${inboxP95 <= TARGET_MS ? 'met' : 'MISSED'}`,
    `  browser floor    p50 ${ms(p50(floor))}  (a static page from the same server)`,
    `  list API call    p50 ${ms(p50(api))}  (the first page the inbox asks for, from Node)`,
    `  ratio inbox / floor (p50): ${(p50(inbox) / p50(floor)).toFixed(1)}×`,
    '',
  ].join('\n'),
);
process.exit(inboxP95 <= TARGET_MS ? 0 : 1);
