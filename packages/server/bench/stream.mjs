#!/usr/bin/env node
/**
 * Realtime stream fan-out: `--streams` clients hold `GET …/feedback/stream` open on `hearback serve`
 * (the built CLI) while `--items` POST /collect arrive at `--rate` a second. Measures, for every
 * (item, stream) pair, the time from sending the item to its arrival on that stream (p50/p95/p99:
 * the commit is inside it), and checks that every stream received every item once.
 *
 * On SQLite one server does both. With DATABASE_URL set it runs on PostgreSQL too (a database of
 * its own, dropped after), with two servers: items are collected by one, streams held by the other,
 * so every event crosses processes through LISTEN/NOTIFY.
 *
 * Usage (from the workspace root): pnpm bench:stream [-- --streams 200 --items 200 --rate 20]
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { createParser } from 'eventsource-parser';
import { children, cleanupOnExit, freePort, percentile, tempDirs } from './harness.mjs';
import { benchOptions } from './options.mjs';
import { benchDatabase } from './postgres-database.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const execFileAsync = promisify(execFile);
const TARGET = { p95Ms: 250, missing: 0 };

const args = benchOptions({
  streams: { type: 'string', default: '200' },
  items: { type: 'string', default: '200' },
  rate: { type: 'string', default: '20' },
  // Seconds to wait for the last events after the last item.
  drain: { type: 'string', default: '30' },
  cli: { type: 'string', default: join(here, '..', 'dist', 'cli.js') },
  'postgres-only': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
});
if (args.help) {
  process.stdout.write('node bench/stream.mjs [--streams n=200] [--items n=200] [--rate n=20] [--drain s=30]\n');
  process.exit(0);
}
const streams = Number(args.streams);
const items = Number(args.items);
const rate = Number(args.rate);
const drainMs = Number(args.drain) * 1000;
for (const [name, value] of Object.entries({ streams, items, rate, drainMs })) {
  if (!Number.isInteger(value) || value < 1) {
    process.stderr.write(`--${name} must be a positive integer\n`);
    process.exit(2);
  }
}

const now = () => performance.timeOrigin + performance.now();
cleanupOnExit();

async function initData(databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-bench-stream-'));
  tempDirs.add(dataDir);
  const env = { ...process.env, HEARBACK_LOG_LEVEL: 'error', HEARBACK_SEARCH: 'off', DATABASE_URL: databaseUrl ?? '' };
  const { stdout } = await execFileAsync(process.execPath, [args.cli, 'init', '--json', '--data-dir', dataDir], {
    env,
  });
  return { dataDir, env, keys: JSON.parse(stdout) };
}

async function serve({ dataDir, env }) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    [args.cli, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir],
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
  return `http://127.0.0.1:${port}`;
}

/** Opens one stream; records when each feedback id arrived on it. */
async function openStream(url, keys, arrivals) {
  const response = await fetch(`${url}/organizations/${keys.orgId}/feedback/stream`, {
    headers: { 'x-service-key': keys.adminKey },
  });
  if (response.status !== 200) throw new Error(`stream: ${response.status} ${await response.text()}`);
  const received = new Map();
  arrivals.push(received);
  let duplicates = 0;
  const parser = createParser({
    onEvent: (event) => {
      const at = now();
      const { id } = JSON.parse(event.data);
      if (received.has(id)) duplicates++;
      else received.set(id, at);
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let subscribed;
  const ready = new Promise((resolve) => {
    subscribed = resolve;
  });
  const done = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true }));
      if (chunk.done) return;
      subscribed();
      parser.feed(decoder.decode(chunk.value, { stream: true }));
    }
  })();
  // The first bytes (the retry hint) come once the stream is subscribed.
  await ready;
  return { duplicates: () => duplicates, close: () => reader.cancel().catch(() => {}), done };
}

async function run(label, collectUrl, streamUrl, keys) {
  const arrivals = [];
  const opened = [];
  // A few at a time: 200 connections at once would measure the accept queue, not the stream.
  for (let i = 0; i < streams; i += 20) {
    opened.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(20, streams - i) }, () => openStream(streamUrl, keys, arrivals)),
      )),
    );
  }
  const sent = new Map();
  /** How long each POST /collect took to its 201: the part of the latency that is not the stream's. */
  const acknowledged = [];
  const started = now();
  const pending = [];
  for (let n = 0; n < items; n++) {
    const due = started + (n * 1000) / rate;
    if (due > now()) await new Promise((resolve) => setTimeout(resolve, due - now()));
    const at = now();
    pending.push(
      fetch(`${collectUrl}/collect`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-service-key': keys.collectKey },
        body: JSON.stringify({ inboxKey: keys.inboxKey, type: 'stars', score: 1 + (n % 5), comment: `${label} ${n}` }),
      }).then(async (response) => {
        if (response.status !== 201) throw new Error(`collect: ${response.status} ${await response.text()}`);
        acknowledged.push(now() - at);
        sent.set((await response.json()).id, at);
      }),
    );
  }
  await Promise.all(pending);
  const deadline = now() + drainMs;
  while (now() < deadline && arrivals.some((received) => received.size < items)) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const latencies = [];
  let missing = 0;
  for (const received of arrivals) {
    for (const [id, at] of sent) {
      const arrived = received.get(id);
      if (arrived === undefined) missing++;
      else latencies.push(arrived - at);
    }
  }
  const duplicates = opened.reduce((sum, stream) => sum + stream.duplicates(), 0);
  for (const stream of opened) await stream.close();
  latencies.sort((a, b) => a - b);
  const figures = {
    p50Ms: Math.round(percentile(latencies, 50)),
    p95Ms: Math.round(percentile(latencies, 95)),
    p99Ms: Math.round(percentile(latencies, 99)),
    maxMs: Math.round(latencies.at(-1) ?? Number.NaN),
  };
  acknowledged.sort((a, b) => a - b);
  const ack = `201 after p50 ${Math.round(percentile(acknowledged, 50))} ms, p95 ${Math.round(percentile(acknowledged, 95))} ms`;
  const ok = figures.p95Ms <= TARGET.p95Ms && missing === TARGET.missing && duplicates === 0;
  process.stdout.write(
    `${label}: ${streams} streams × ${items} items at ${rate}/s: p50 ${figures.p50Ms} ms, p95 ${figures.p95Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms (${ack}); missing ${missing}, duplicates ${duplicates} ${ok ? '(ok)' : `(target: p95 ≤ ${TARGET.p95Ms} ms, none missing)`}\n`,
  );
  return ok;
}

let ok = true;
if (!args['postgres-only']) {
  const data = await initData(undefined);
  const url = await serve(data);
  ok = (await run('sqlite, one server', url, url, data.keys)) && ok;
  for (const child of children) child.kill('SIGTERM');
  children.clear();
}
if (process.env.DATABASE_URL) {
  const database = await benchDatabase(process.env.DATABASE_URL);
  try {
    const data = await initData(database.url);
    const [writer, reader] = [await serve(data), await serve(data)];
    ok = (await run('postgres, collect on one server, streams on another', writer, reader, data.keys)) && ok;
  } finally {
    for (const child of children) child.kill('SIGKILL');
    children.clear();
    await database.drop();
  }
}
process.exit(ok ? 0 : 1);
