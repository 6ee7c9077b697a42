#!/usr/bin/env node
/**
 * `pnpm bench:api`: the read API at scale, over real HTTP against `hearback serve` (the built CLI),
 * on N seeded feedback rows (1,000,000 by default) of one organization, on SQLite and PostgreSQL.
 *
 *   pnpm bench:api [-- --rows N] [--db sqlite|postgres|both] [--quick]
 *
 * Targets (issue 17): list with filters p95 ≤ 20 ms; trends for a year by day p95 ≤ 100 ms;
 * export ≥ 50,000 rows/s with flat memory (read here as bounded: the server's RSS over the
 * second half of the export rising at most 16 MB above its peak over the first half; the growth
 * from before the export is printed too); 200 open streams each receiving a new item within
 * p95 ≤ 250 ms of its 201. Each figure is printed beside a floor measured in the same run (the
 * same repository query or service in-process without HTTP, a bare node:http fan-out), and a
 * missed target prints the floor's detail. Nothing is asserted: the exit status is 0 unless the
 * bench itself fails.
 *
 * PostgreSQL: a database of its own on DATABASE_URL's server, or, without DATABASE_URL, a
 * throwaway server started by the tests' helper (test/support/postgres-server.ts: fsync off).
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { measureExport, measureFanOut, summarize, timeGets } from './api-http.mjs';
import { report } from './api-report.mjs';
import { seedFeedback } from './api-seed.mjs';
import { listFilterSets, repositoryFilters, searchFilterSets, trendQueries } from './api-workload.mjs';
import { children, cleanup, freePort, tempDirs, timeRuns } from './harness.mjs';
import { benchOptions } from './options.mjs';
import { benchDatabase } from './postgres-database.mjs';

const QUICK_ROWS = 50_000;

const args = benchOptions({
  rows: { type: 'string' },
  db: { type: 'string', default: 'both' },
  quick: { type: 'boolean', default: false },
  requests: { type: 'string' },
  streams: { type: 'string', default: '200' },
  items: { type: 'string' },
  help: { type: 'boolean', default: false },
});
if (args.help) {
  process.stdout.write(
    'pnpm bench:api [-- --rows N=1000000] [--db sqlite|postgres|both] [--quick (50,000 rows, fewer requests)]\n' +
      '               [--requests N list requests=240] [--streams N=200] [--items N items streamed=50]\n',
  );
  process.exit(0);
}
const rows = Number(args.rows ?? (args.quick ? QUICK_ROWS : 1_000_000));
const requests = Number(args.requests ?? (args.quick ? 100 : 240));
const streams = Number(args.streams);
const items = Number(args.items ?? (args.quick ? 10 : 50));
const trendRuns = args.quick ? 10 : 30;
for (const [name, value] of Object.entries({ rows, requests, streams, items })) {
  if (!Number.isInteger(value) || value < 1) {
    process.stderr.write(`--${name} must be a whole number above 0\n`);
    process.exit(2);
  }
}
if (!['sqlite', 'postgres', 'both'].includes(args.db)) {
  process.stderr.write('--db must be sqlite, postgres or both\n');
  process.exit(2);
}
const dialects = args.db === 'both' ? ['sqlite', 'postgres'] : [args.db];

const here = dirname(fileURLToPath(import.meta.url));
const cli = join(here, '..', 'dist', 'cli.js');
const dist = (path) => import(join(here, '..', 'dist', path));
const [{ loadConfig }, { createRuntime }] = await Promise.all([dist('config.js'), dist('runtime.js')]);
const execFileAsync = promisify(execFile);
const log = (line) => process.stdout.write(`${line}\n`);
const machine = () => `${cpus().length} cores, load ${loadavg()[0].toFixed(1)}`;

/**
 * Async clean-ups (the bench's database, a throwaway PostgreSQL server: pg_ctl detaches it, so
 * killing our children does not stop it), run on SIGINT/SIGTERM after the children are gone.
 */
const finalizers = new Set();
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, async () => {
    cleanup();
    const timeout = new Promise((resolve) => setTimeout(resolve, 10_000).unref());
    await Promise.race([Promise.allSettled([...finalizers].map((finalize) => finalize())), timeout]);
    process.exit(130);
  });
}

/** Spawns `node <script> ...scriptArgs` and resolves with the child once it prints `listening on`. */
async function startChild(script, scriptArgs, env) {
  const child = spawn(process.execPath, [script, ...scriptArgs], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  await new Promise((resolve, reject) => {
    let output = '';
    child.stdout.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
      if (/listening on/.test(output)) resolve();
    });
    child.once('exit', (code) => reject(new Error(`${script} exited (${code}):\n${output}`)));
  });
  return child;
}

async function stopChild(child) {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
  children.delete(child);
}

async function timed(work, runs) {
  return summarize(await timeRuns(work, runs));
}

/** The PostgreSQL server to create the bench's database on, and how to let it go. */
async function postgresServer() {
  if (process.env.DATABASE_URL) return { url: process.env.DATABASE_URL, stop: async () => {}, note: 'DATABASE_URL' };
  const { tsImport } = await import('tsx/esm/api');
  const { startPostgres } = await tsImport('../test/support/postgres-server.ts', import.meta.url);
  const server = await startPostgres();
  return { ...server, note: 'throwaway server, fsync off' };
}

/**
 * Seeds, measures the floors in-process, then serves the data with the built CLI and measures
 * over HTTP. Returns the figures.
 */
async function runDialect(dialect) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-bench-api-'));
  tempDirs.add(dataDir);
  const server = dialect === 'postgres' ? await postgresServer() : undefined;
  const stopServer = async () => server?.stop();
  finalizers.add(stopServer);
  const database = server ? await benchDatabase(server.url, log) : undefined;
  // The database first: dropping it needs the server.
  const release = async () => {
    await database?.drop();
    await stopServer();
  };
  finalizers.delete(stopServer);
  finalizers.add(release);
  try {
    log(`\n== ${dialect}${server ? ` (${server.note})` : ''}: ${rows.toLocaleString('en-US')} rows; ${machine()}`);
    const env = {
      ...process.env,
      HEARBACK_LOG_LEVEL: 'error',
      HEARBACK_SEARCH: 'off',
      DATABASE_URL: database?.url ?? '',
    };
    const { stdout } = await execFileAsync(process.execPath, [cli, 'init', '--json', '--data-dir', dataDir], { env });
    const keys = JSON.parse(stdout);
    const end = Date.now();
    const floors = await seedAndMeasureFloors({ dataDir, databaseUrl: database?.url, keys, end });
    const http = await measureOverHttp({ dataDir, env, keys, end, inboxIds: floors.inboxIds });
    log(`  done; ${machine()}`);
    return { dialect, floors, http };
  } finally {
    finalizers.delete(release);
    await release();
  }
}

async function seedAndMeasureFloors({ dataDir, databaseUrl, keys, end }) {
  const runtime = await createRuntime(
    loadConfig({}, { dataDir, databaseUrl, runJobs: false, logLevel: 'silent', search: { embedder: 'off' } }),
  );
  try {
    const principal = {
      actor: { type: 'api_key', id: 'key_bench' },
      orgId: keys.orgId,
      brandId: null,
      scopes: new Set(['read', 'write']),
    };
    const inboxIds = [keys.inboxId];
    for (const name of ['Mobile app', 'Checkout', 'Support']) {
      inboxIds.push((await runtime.services.inboxes.create(principal, { name })).id);
    }
    const seeding = await seedFeedback({ store: runtime.store, orgId: keys.orgId, inboxIds, rows, end, log });
    // PostgreSQL's autovacuum analyzes (and vacuums, for index-only scans) a table after a bulk
    // insert on its own; doing it now measures that state rather than a race with it. SQLite is
    // left as the server leaves it: nothing runs ANALYZE there.
    if (databaseUrl) await sql`vacuum analyze feedback`.execute(runtime.database.db);

    const scope = { orgId: keys.orgId, brandId: null };
    const list = new Map();
    for (const { label, params } of listFilterSets({ inboxIds, end })) {
      const filters = repositoryFilters(params);
      list.set(label, await timed(() => runtime.store.feedback.list(scope, filters, { limit: 50, before: null }), 20));
    }
    const trends = new Map();
    for (const { label, service } of trendQueries({ end })) {
      trends.set(
        label,
        await timed(() => runtime.services.feedback.trends(principal, service), Math.min(trendRuns, 10)),
      );
    }
    const { db } = runtime.database;
    const countAll = await timed(
      () =>
        db
          .selectFrom('feedback')
          .select((eb) => eb.fn.countAll().as('count'))
          .where('org_id', '=', keys.orgId)
          .where('created_at', '>=', new Date(end - 365 * 86_400_000).toISOString())
          .execute(),
      Math.min(trendRuns, 10),
    );
    // The export's read: the repository's keyset pages of 500, without CSV or HTTP.
    const readRows = Math.min(rows, 200_000);
    const readStarted = performance.now();
    let before = null;
    for (let read = 0; read < readRows; read += 500) {
      const page = await runtime.store.feedback.list(scope, {}, { limit: 500, before });
      before = page.lastId;
      if (!before) break;
    }
    const readRate = readRows / ((performance.now() - readStarted) / 1000);
    return { inboxIds, seeding, list, trends, countAll, readRate };
  } finally {
    await runtime.close();
  }
}

async function measureOverHttp({ dataDir, env, keys, end, inboxIds }) {
  const port = await freePort();
  const server = await startChild(
    cli,
    ['serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir],
    env,
  );
  const base = `http://127.0.0.1:${port}`;
  const org = `${base}/organizations/${keys.orgId}`;
  const headers = { 'x-service-key': keys.adminKey };
  const load = loadavg()[0];
  const withQuery = (path, params) => `${org}${path}?${new URLSearchParams(params)}`;
  const asUrls = (sets, path) => sets.map(({ label, params }) => ({ label, url: withQuery(path, params) }));
  try {
    const list = await timeGets(asUrls(listFilterSets({ inboxIds, end }), '/feedback'), { headers, count: requests });
    const search = await timeGets(asUrls(searchFilterSets({ end }), '/feedback'), {
      headers,
      count: Math.max(20, requests / 4),
    });
    const trends = new Map();
    for (const query of asUrls(trendQueries({ end }), '/feedback/trends')) {
      trends.set(query.label, await timeGets([query], { headers, count: trendRuns }));
    }
    const health = await timeGets([{ label: 'healthz', url: `${base}/healthz` }], { headers: {}, count: 200 });
    const exported = await measureExport(`${org}/feedback/export?format=csv`, { headers, serverPid: server.pid });
    log(`  HTTP: list, trends, export done; ${machine()}`);
    const stream = await measureFanOut({
      streamUrl: `${org}/feedback/stream`,
      headers,
      streams,
      items,
      publish: async (n) => {
        const response = await fetch(`${base}/collect`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-key': keys.collectKey },
          body: JSON.stringify({ inboxKey: keys.inboxKey, type: 'stars', score: 1 + (n % 5), comment: `stream ${n}` }),
        });
        if (response.status !== 201) throw new Error(`collect: ${response.status} ${await response.text()}`);
        return (await response.json()).id;
      },
    });
    return { load, list, search, trends, health, exported, stream, streamFloor: await measureFanOutFloor() };
  } finally {
    await stopChild(server);
  }
}

/** The same stream measurement against the bare node:http fan-out. */
async function measureFanOutFloor() {
  const port = await freePort();
  const floor = await startChild(join(here, 'api-fanout-floor.mjs'), [String(port)], process.env);
  try {
    return await measureFanOut({
      streamUrl: `http://127.0.0.1:${port}/stream`,
      headers: {},
      streams,
      items,
      publish: async () => (await (await fetch(`http://127.0.0.1:${port}/publish`, { method: 'POST' })).json()).id,
    });
  } finally {
    await stopChild(floor);
  }
}

const results = [];
for (const dialect of dialects) results.push(await runDialect(dialect));
for (const result of results) report(result, { rows, streams, log });
process.exit(0);
