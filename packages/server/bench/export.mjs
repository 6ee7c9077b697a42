#!/usr/bin/env node
/**
 * `pnpm bench:export`: the feedback export over real HTTP on a large organization (1,000,000 rows
 * by default) in each format, with its rate (rows/s, target ≥ 50,000) and the server's heap while
 * it streams (it must stay flat: batches are read as the client consumes them; run with
 * --expose-gc, as the package script does, to sample the live heap).
 *
 *   pnpm bench:export -- [--rows N] [--postgres] [--floor ROWS_PER_S]
 *
 * SQLite in a temporary data directory; `--postgres` uses a database of its own on DATABASE_URL's
 * server. Exit 1 when a format exports below the floor.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { benchOptions } from './options.mjs';
import { benchDatabase } from './postgres-database.mjs';

const args = benchOptions({
  rows: { type: 'string', default: '1000000' },
  postgres: { type: 'boolean', default: false },
  floor: { type: 'string', default: '50000' },
  help: { type: 'boolean', default: false },
});
if (args.help) {
  process.stdout.write('bench:export [--rows N] [--postgres] [--floor ROWS_PER_S]\n');
  process.exit(0);
}
const ROWS = Number(args.rows);
const FLOOR = Number(args.floor);
// Rows per insert statement: PostgreSQL takes at most 65,535 parameters (13 columns a row).
const INSERT_ROWS = 2000;
const TYPES = ['nps', 'csat', 'stars', 'thumbs', 'text'];
const COMMENTS = [
  'Checkout was fast and clear',
  '=HYPERLINK("http://evil.example","click")',
  'The app crashes when I upload a photo, every time',
  'Ünïcödé, "quotes" and emoji 🎉',
  null,
];

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const [{ loadConfig }, { createRuntime }, { listen }] = await Promise.all(
  ['config.js', 'runtime.js', 'http-server.js'].map((path) => import(join(dist, path))),
);

const dataDir = mkdtempSync(join(tmpdir(), 'hearback-bench-export-'));
const database = args.postgres ? await benchDatabase(process.env.DATABASE_URL) : undefined;
if (args.postgres && !process.env.DATABASE_URL) {
  process.stderr.write('--postgres needs DATABASE_URL\n');
  process.exit(2);
}
const config = loadConfig(
  { HEARBACK_SECRET: 'bench-export-secret-0123456789abcdef0123456789abcdef' },
  { dataDir, runJobs: false, logLevel: 'silent', search: { embedder: 'off' }, databaseUrl: database?.url },
);
const runtime = await createRuntime(config);
let server;
let failed = false;
try {
  const org = await runtime.services.organizations.bootstrap({ name: 'Bench export' });
  const seedStarted = performance.now();
  const base = Date.parse('2025-01-01T00:00:00.000Z');
  for (let start = 0; start < ROWS; start += INSERT_ROWS) {
    const rows = [];
    for (let n = start; n < Math.min(ROWS, start + INSERT_ROWS); n += 1) {
      const type = TYPES[n % TYPES.length];
      const at = new Date(base + n * 1000).toISOString();
      rows.push({
        id: `fb_00bench${String(n).padStart(10, '0')}`,
        orgId: org.organization.id,
        inboxId: org.inbox.id,
        brandId: null,
        type,
        score: type === 'text' ? null : type === 'thumbs' ? n % 2 : type === 'nps' ? n % 11 : (n % 5) + 1,
        comment: COMMENTS[n % COMMENTS.length] ?? (type === 'text' ? 'text' : null),
        context: { source: 'bench', page: `/p/${n % 97}` },
        source: 'bench',
        status: 'new',
        issueLink: null,
        idempotencyKey: null,
        createdAt: at,
        updatedAt: at,
      });
    }
    await runtime.store.transaction((tx) => tx.feedback.insertMany(rows));
    if ((start / INSERT_ROWS) % 25 === 0) {
      process.stderr.write(`\rseeding ${start.toLocaleString('en-US')} / ${ROWS.toLocaleString('en-US')}   `);
    }
  }
  process.stderr.write('\n');
  const dialect = runtime.database.dialect.name;
  process.stdout.write(
    `${dialect}: seeded ${ROWS.toLocaleString('en-US')} rows in ${((performance.now() - seedStarted) / 1000).toFixed(1)} s\n`,
  );

  server = await listen(runtime, { port: 0, host: '127.0.0.1' });
  for (const format of ['csv', 'ndjson', 'json']) {
    // Live heap: with --expose-gc (as `pnpm bench:export` runs it) each sample follows a collection,
    // so it shows what the export holds, not garbage the collector has not reached yet.
    const liveHeap = () => {
      global.gc?.();
      return process.memoryUsage().heapUsed;
    };
    const heapBefore = liveHeap();
    let heapPeak = heapBefore;
    const sampler = setInterval(() => {
      heapPeak = Math.max(heapPeak, liveHeap());
    }, 250);
    const started = performance.now();
    const response = await fetch(
      `${server.url}/organizations/${org.organization.id}/feedback/export?format=${format}`,
      {
        headers: { 'x-service-key': org.adminKey },
      },
    );
    let bytes = 0;
    let lineEnds = 0;
    for await (const chunk of response.body) {
      bytes += chunk.length;
      for (const byte of chunk) if (byte === 0x0a) lineEnds += 1;
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    // CSV: one line per row plus the header (a comment's own line breaks are quoted, none here).
    const rows = format === 'json' ? ROWS : format === 'csv' ? lineEnds - 1 : lineEnds;
    const rate = Math.round(rows / seconds);
    const ok = response.status === 200 && rows === ROWS && rate >= FLOOR;
    failed ||= !ok;
    process.stdout.write(
      `${dialect} ${format.padEnd(6)} ${rows.toLocaleString('en-US')} rows, ${(bytes / 1e6).toFixed(0)} MB in ${seconds.toFixed(2)} s: ` +
        `${rate.toLocaleString('en-US')} rows/s (floor ${FLOOR.toLocaleString('en-US')}), ` +
        `${global.gc ? 'live heap' : 'heap (no --expose-gc)'} +${((heapPeak - heapBefore) / 1e6).toFixed(1)} MB at most${ok ? '' : '  FAIL'}\n`,
    );
  }
} finally {
  if (server) await server.close();
  else await runtime.close();
  await database?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
