#!/usr/bin/env node
/**
 * Feedback trends at scale: a year by day (and by week, grouped by inbox) over N feedback rows of
 * one organization in Europe/Berlin, through the real trends service and through HTTP, on the
 * embedded SQLite (default) or PostgreSQL (`DATABASE_URL`, a database of its own for the run).
 * Target: p95 ≤ 100 ms for a year by day on 1,000,000 rows.
 *
 * Usage (from packages/server, after `pnpm build`):
 *   node bench/trends.mjs [--rows 1000000] [--runs 30] [--postgres]
 *
 * Prints the load time, p50/p95/max of each query shape, a plain `select count(*)` over the same
 * rows (the floor any bucketing pays), and the same queries again with an index on
 * (org_id, created_at) that the schema does not have, to show whether it would pay.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import { percentile, timeRuns } from './harness.mjs';
import { benchOptions } from './options.mjs';
import { benchDatabase } from './postgres-database.mjs';

const TARGET_P95_MS = 100;
const args = benchOptions({
  rows: { type: 'string', default: '1000000' },
  runs: { type: 'string', default: '30' },
  postgres: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
});
if (args.help) {
  process.stdout.write('node bench/trends.mjs [--rows n=1000000] [--runs n=30] [--postgres (DATABASE_URL)]\n');
  process.exit(0);
}
const rows = Number(args.rows);
const runs = Number(args.runs);
if (!Number.isInteger(rows) || rows < 1 || !Number.isInteger(runs) || runs < 1) {
  process.stderr.write('--rows and --runs must be whole numbers above 0\n');
  process.exit(2);
}
if (args.postgres && !process.env.DATABASE_URL) {
  process.stderr.write('--postgres needs DATABASE_URL (a server where the bench may create a database)\n');
  process.exit(2);
}

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const load = (path) => import(join(dist, path));
const [{ loadConfig }, { createRuntime }, { listen }, { newId }] = await Promise.all([
  load('config.js'),
  load('runtime.js'),
  load('http-server.js'),
  load('lib/ids.js'),
]);

const log = (line) => process.stdout.write(`${line}\n`);
const dataDir = mkdtempSync(join(tmpdir(), 'hearback-bench-trends-'));
const postgres = args.postgres ? await benchDatabase(process.env.DATABASE_URL, log) : undefined;
const config = loadConfig(
  {},
  { dataDir, databaseUrl: postgres?.url, runJobs: false, logLevel: 'silent', search: { embedder: 'off' } },
);
const runtime = await createRuntime(config);
const { db } = runtime.database;
let closed = false;

async function measure(label, work) {
  const times = await timeRuns(work, runs);
  const figures = { p50: percentile(times, 50), p95: percentile(times, 95), max: times.at(-1) };
  log(
    `${label.padEnd(44)} p50 ${figures.p50.toFixed(1).padStart(7)} ms  p95 ${figures.p95.toFixed(1).padStart(7)} ms  max ${figures.max.toFixed(1).padStart(7)} ms`,
  );
  return figures;
}

try {
  const { organization, inbox, adminKey } = await runtime.services.organizations.bootstrap({ name: 'Trends bench' });
  await runtime.store.organizations.update(organization.id, { timezone: 'Europe/Berlin' }, new Date().toISOString());
  const second = await runtime.services.inboxes.create(
    { actor: { type: 'api_key', id: 'key_bench' }, orgId: organization.id, brandId: null, scopes: new Set(['write']) },
    { name: 'Second inbox' },
  );
  const inboxes = [inbox.id, second.id];

  // A year of feedback ending now, spread evenly, of every scored type and some text.
  const end = Date.now();
  const yearMs = 365 * 86_400_000;
  const types = [
    ['nps', 11, 0],
    ['csat', 5, 1],
    ['stars', 5, 1],
    ['thumbs', 2, 0],
    ['text', 0, 0],
  ];
  const sources = ['widget', 'email', 'server', 'mcp', null];
  const loadStarted = performance.now();
  const CHUNK = 1_000;
  for (let offset = 0; offset < rows; offset += CHUNK) {
    const values = [];
    for (let index = offset; index < Math.min(rows, offset + CHUNK); index += 1) {
      const [type, range, low] = types[index % types.length];
      const createdAt = new Date(end - yearMs + Math.floor((index / rows) * yearMs)).toISOString();
      values.push({
        id: newId('feedback'),
        org_id: organization.id,
        inbox_id: inboxes[index % 7 === 0 ? 1 : 0],
        brand_id: null,
        type,
        score: type === 'text' ? null : low + ((index * 7919) % range),
        comment: type === 'text' ? 'A comment' : null,
        context: '{}',
        source: sources[index % sources.length],
        status: 'new',
        issue_link: null,
        idempotency_key: null,
        created_at: createdAt,
        updated_at: createdAt,
      });
    }
    await db.insertInto('feedback').values(values).execute();
  }
  if (postgres) await sql`analyze feedback`.execute(db);
  else await sql`analyze`.execute(db);
  const loadSeconds = (performance.now() - loadStarted) / 1000;
  log(
    `${runtime.database.dialect.name}: ${rows.toLocaleString('en')} rows loaded in ${loadSeconds.toFixed(1)} s; ${cpus().length} cores, load ${loadavg()[0].toFixed(2)}`,
  );

  const principal = {
    actor: { type: 'api_key', id: 'key_bench' },
    orgId: organization.id,
    brandId: null,
    scopes: new Set(['read']),
  };
  const lastYear = { interval: 'day', from: { instant: end - yearMs }, to: { instant: end }, filters: {} };
  const byDay = await measure('service: a year by day (366 buckets)', () =>
    runtime.services.feedback.trends(principal, lastYear),
  );
  await measure('service: a year by week, grouped by inbox', () =>
    runtime.services.feedback.trends(principal, { ...lastYear, interval: 'week', groupBy: 'inbox' }),
  );
  const lastMonth = () => runtime.services.feedback.trends(principal, { interval: 'day', filters: { type: 'nps' } });
  const month = await measure('service: 30 days by day, type=nps', lastMonth);
  const floor = await measure('floor: count(*) of the same rows', () =>
    db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll().as('count'))
      .where('org_id', '=', organization.id)
      .where('created_at', '>=', new Date(end - yearMs).toISOString())
      .execute(),
  );

  // Would an index on (org_id, created_at) pay? Measured here, not in the schema: it costs every
  // insert (the ingest path) a fourth index.
  await db.schema
    .createIndex('bench_feedback_org_created_idx')
    .on('feedback')
    .columns(['org_id', 'created_at'])
    .execute();
  if (postgres) await sql`analyze feedback`.execute(db);
  else await sql`analyze`.execute(db);
  const indexedYear = await measure('indexed (org_id, created_at): a year by day', () =>
    runtime.services.feedback.trends(principal, lastYear),
  );
  const indexedMonth = await measure('indexed (org_id, created_at): 30 days, nps', lastMonth);
  log(
    `the index: a year by day ${(byDay.p95 / indexedYear.p95).toFixed(2)}× faster at p95, 30 days ${(month.p95 / indexedMonth.p95).toFixed(2)}×`,
  );
  await db.schema.dropIndex('bench_feedback_org_created_idx').execute();

  const server = await listen(runtime, { host: '127.0.0.1', port: 0 });
  const from = new Date(end - yearMs).toISOString();
  const url = `${server.url}/organizations/${organization.id}/feedback/trends?interval=day&from=${encodeURIComponent(from)}`;
  const http = await measure('HTTP: a year by day', async () => {
    const response = await fetch(url, { headers: { 'x-service-key': adminKey } });
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    await response.arrayBuffer();
  });
  // Closes the runtime too.
  await server.close();
  closed = true;

  log(`a year by day / count(*) floor: ${(byDay.p95 / floor.p95).toFixed(2)}× at p95`);
  log(
    `${http.p95 <= TARGET_P95_MS ? 'PASS' : 'MISS'}: HTTP p95 ${http.p95.toFixed(1)} ms (target ≤ ${TARGET_P95_MS} ms)`,
  );
} finally {
  if (!closed) await runtime.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
