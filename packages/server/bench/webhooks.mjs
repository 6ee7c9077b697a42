#!/usr/bin/env node
/**
 * Webhook delivery end to end: `hearback serve` (the built CLI) takes `--events` POST /collect
 * requests from `--concurrency` keep-alive clients, and one automation sends each event to a
 * receiver in this process on 127.0.0.1. Measures, per event, the time from the 201 to its
 * arrival at the receiver (p50/p90/p99), deliveries per second, and checks that every event
 * arrived (none missing, duplicates counted).
 *
 * Baseline in the same run: the same load on the same server before the automation exists, so the
 * ratio shows what delivering costs ingest (201/s with the automation ÷ without).
 *
 * Usage (from the workspace root): pnpm bench:webhooks [-- --events 10000 --concurrency 16 --rate 200]
 * `--rate 0` offers events as fast as the clients go: the most deliveries/s, but then the latency
 * is mostly queueing (one automation's deliveries go one at a time, in order).
 * With DATABASE_URL set, it runs against PostgreSQL too (a database of its own, dropped after).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { children, cleanup, cleanupOnExit, freePort, percentile, tempDirs } from './harness.mjs';
import { benchOptions } from './options.mjs';
import { benchDatabase } from './postgres-database.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const execFileAsync = promisify(execFile);
const TARGET = { p50Ms: 100, missing: 0 };

const args = benchOptions({
  events: { type: 'string', default: '10000' },
  concurrency: { type: 'string', default: '16' },
  // Events per second offered (0: as fast as the clients go, which measures the most deliveries/s
  // but turns latency into queueing once ingest outruns delivery).
  rate: { type: 'string', default: '200' },
  // Seconds to wait for the last deliveries after the last 201.
  drain: { type: 'string', default: '120' },
  cli: { type: 'string', default: join(here, '..', 'dist', 'cli.js') },
  'cpu-prof': { type: 'string' },
  // With DATABASE_URL: PostgreSQL alone.
  'postgres-only': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
});
if (args.help) {
  process.stdout.write(
    'node bench/webhooks.mjs [--events n=10000] [--concurrency n=16] [--drain s=120] [--cli PATH]\n',
  );
  process.exit(0);
}
const events = Number(args.events);
const concurrency = Number(args.concurrency);
const drainMs = Number(args.drain) * 1000;
const rate = Number(args.rate);
for (const [name, value] of Object.entries({ events, concurrency, drainMs, rate })) {
  if (!Number.isInteger(value) || value < (name === 'rate' ? 0 : 1)) {
    process.stderr.write(`--${name} must be a positive integer\n`);
    process.exit(2);
  }
}

const now = () => performance.timeOrigin + performance.now();
cleanupOnExit();

/** The receiver: when each event (by its feedback id) arrived, and how often. */
async function startReceiver() {
  const arrivals = new Map();
  let duplicates = 0;
  let onArrival = () => {};
  const server = createServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      const at = now();
      const id = JSON.parse(Buffer.concat(chunks).toString('utf8')).data.id;
      const first = !arrivals.has(id);
      if (first) arrivals.set(id, at);
      else duplicates++;
      response.writeHead(204);
      response.end();
      if (first) onArrival(id);
    });
  });
  server.keepAliveTimeout = 10_000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}/hook`,
    arrivals,
    duplicates: () => duplicates,
    /** Resolves once every id of `expected` arrived, or after `ms` without that. */
    waitFor(expected, ms) {
      let missing = [...expected.keys()].filter((id) => !arrivals.has(id)).length;
      return new Promise((resolve) => {
        const timer = setTimeout(resolve, ms);
        onArrival = (id) => {
          if (id !== undefined && expected.has(id)) missing--;
          if (missing <= 0) {
            clearTimeout(timer);
            resolve();
          }
        };
        onArrival();
      });
    },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}

async function startServer(dialect, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-bench-webhooks-'));
  tempDirs.add(dataDir);
  const env = {
    ...process.env,
    HEARBACK_LOG_LEVEL: 'error',
    HEARBACK_SEARCH: 'off',
    DATABASE_URL: databaseUrl ?? '',
    // The receiver is on this host: the SSRF guard must let loopback through.
    HEARBACK_WEBHOOK_ALLOWED_CIDRS: '127.0.0.0/8',
  };
  const { stdout } = await execFileAsync(process.execPath, [args.cli, 'init', '--json', '--data-dir', dataDir], {
    env,
  });
  const keys = JSON.parse(stdout);
  const port = await freePort();
  const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];
  const child = spawn(
    process.execPath,
    [...profile, args.cli, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir],
    {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    },
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
  return { dialect, dataDir, databaseUrl, keys, child, url: `http://127.0.0.1:${port}` };
}

/** One automation to the receiver, through the automations API. */
async function createAutomation(server, url) {
  const response = await fetch(`${server.url}/organizations/${server.keys.orgId}/automations`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-service-key': server.keys.adminKey },
    body: JSON.stringify({ name: 'bench', events: ['feedback.created'], webhook: { url } }),
  });
  if (response.status !== 201) throw new Error(`create automation: ${response.status} ${await response.text()}`);
  return 'API';
}

/** `events` POST /collect from `concurrency` clients; when each was answered 201, by feedback id. */
async function load(server, label) {
  const acknowledged = new Map();
  let next = 0;
  let failures = 0;
  const started = now();
  const client = async () => {
    while (next < events) {
      const n = next++;
      const due = rate > 0 ? started + (n * 1000) / rate : 0;
      if (due > now()) await new Promise((resolve) => setTimeout(resolve, due - now()));
      const response = await fetch(`${server.url}/collect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': server.keys.collectKey },
        body: JSON.stringify({
          inboxKey: server.keys.inboxKey,
          type: 'stars',
          score: 1 + (n % 5),
          comment: `${label} ${n}`,
        }),
      });
      const text = await response.text();
      if (response.status === 201) acknowledged.set(JSON.parse(text).id, now());
      else failures++;
    }
  };
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (now() - started) / 1000;
  return { acknowledged, failures, seconds, perSecond: acknowledged.size / seconds, started };
}

const round = (value, digits = 1) => Number(value.toFixed(digits));

/** The baseline: the same load on a server of its own with no automation. */
async function runBaseline(dialect, databaseUrl) {
  const server = await startServer(dialect, databaseUrl);
  try {
    process.stdout.write(`\n[${dialect}] baseline: ${events} events, no automation …\n`);
    return await load(server, 'baseline');
  } finally {
    await stopServer(server);
  }
}

function stopServer(server) {
  if (server.child.exitCode !== null || server.child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.child.once('exit', resolve);
    server.child.kill('SIGTERM');
  });
}

async function runDialect(dialect, databaseUrl, baselineDatabaseUrl) {
  const baseline = await runBaseline(dialect, baselineDatabaseUrl);
  const receiver = await startReceiver();
  const server = await startServer(dialect, databaseUrl);
  try {
    const how = await createAutomation(server, receiver.url);
    process.stdout.write(`[${dialect}] automation created through the ${how}; ${events} events …\n`);
    const measured = await load(server, 'measured');
    const ingestEnd = now();
    await receiver.waitFor(measured.acknowledged, drainMs);
    const latencies = [];
    let missing = 0;
    let lastArrival = 0;
    for (const [id, acknowledgedAt] of measured.acknowledged) {
      const arrivedAt = receiver.arrivals.get(id);
      if (arrivedAt === undefined) {
        missing++;
        continue;
      }
      latencies.push(arrivedAt - acknowledgedAt);
      lastArrival = Math.max(lastArrival, arrivedAt);
    }
    // How latency moves through the run: p50 of each tenth of the events, in the order sent.
    const tenth = Math.ceil(latencies.length / 10);
    const trend = Array.from({ length: 10 }, (_, n) =>
      latencies.slice(n * tenth, (n + 1) * tenth).sort((a, b) => a - b),
    )
      .filter((slice) => slice.length > 0)
      .map((slice) => Math.round(percentile(slice, 50)));
    process.stdout.write(`[${dialect}] p50 ms by tenth of the run: ${trend.join(' ')}\n`);
    latencies.sort((a, b) => a - b);
    const deliverySeconds = (lastArrival - measured.started) / 1000;
    const result = {
      dialect,
      'baseline 201/s': round(baseline.perSecond, 0),
      '201/s with automation': round(measured.perSecond, 0),
      'ingest ratio': round(measured.perSecond / baseline.perSecond, 2),
      'deliveries/s': round(latencies.length / deliverySeconds, 0),
      'p50 ms': round(percentile(latencies, 50)),
      'p90 ms': round(percentile(latencies, 90)),
      'p99 ms': round(percentile(latencies, 99)),
      'max ms': round(latencies.at(-1) ?? Number.NaN),
      'drain after last 201 ms': round(Math.max(0, lastArrival - ingestEnd), 0),
      missing,
      duplicates: receiver.duplicates(),
      'non-201': baseline.failures + measured.failures,
    };
    return result;
  } finally {
    await stopServer(server);
    await receiver.close();
  }
}

const results = args['postgres-only'] ? [] : [await runDialect('sqlite')];
if (process.env.DATABASE_URL) {
  const baselineDatabase = await benchDatabase(process.env.DATABASE_URL);
  const database = await benchDatabase(process.env.DATABASE_URL);
  try {
    results.push(await runDialect('postgres', database.url, baselineDatabase.url));
  } finally {
    await database.drop().catch(() => {});
    await baselineDatabase.drop().catch(() => {});
  }
}

process.stdout.write(
  `\n${events} events, ${concurrency} clients, ${rate > 0 ? `${rate}/s offered` : 'unpaced'}, one automation, receiver on 127.0.0.1\n`,
);
console.table(results);
let failed = false;
for (const result of results) {
  const ok = result['p50 ms'] <= TARGET.p50Ms && result.missing === TARGET.missing;
  failed ||= !ok;
  process.stdout.write(
    `${result.dialect}: p50 ${result['p50 ms']} ms (target ≤ ${TARGET.p50Ms}), missing ${result.missing} (target 0): ${ok ? 'met' : 'NOT met'}\n`,
  );
}
cleanup();
process.exit(failed ? 1 : 0);
