#!/usr/bin/env node
/**
 * POST /collect throughput: the real server against a bare node:http server that parses the
 * JSON body and answers 201, loaded in alternating rounds on 127.0.0.1 by wrk when it is installed
 * (C, light on CPU), else by autocannon; the same generator loads every server of a run.
 *
 * Usage (from the workspace root): pnpm bench:collect [--duration 10 --rounds 3 --warmup 3]
 * With DATABASE_URL set, the real server also runs against PostgreSQL (in a database of its own
 * on that server when it may create one, dropped afterwards). With --floor it also loads
 * bench/collect-floor-server.mjs, the same SQLite rows stored with none of Hearback's code, and
 * prints how far the real server is from that floor and the floor from bare.
 *
 * The servers take turns in each round, starting one further on every round (the one right after
 * bare node:http is measured a little slow); use as many rounds as servers to give each every place.
 *
 * Prints per round and median: requests/s, p50/p99 latency, non-2xx, server CPU, the ratio
 * real/bare and the real server's peak RSS; then checks that every acknowledged (2xx) event is
 * in the database.
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import autocannon from 'autocannon';
import { children, cleanup, freePort, tempDirs } from './harness.mjs';
import { benchOptions } from './options.mjs';
import { benchDatabase } from './postgres-database.mjs';
import { findWrk, runWrk } from './wrk.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const execFileAsync = promisify(execFile);

/**
 * Issue 14's ingest target: the server against the floor of its own database (the same rows stored
 * with no framework), both measured in the same rounds. The ratio to bare node:http is printed, not
 * judged: it says more about the load generator than about the server.
 */
const TARGETS = { ofFloor: 0.75, rssMb: 250 };

const args = benchOptions({
  duration: { type: 'string', default: '10' },
  warmup: { type: 'string', default: '3' },
  rounds: { type: 'string', default: '3' },
  connections: { type: 'string', default: '50' },
  'cpu-prof': { type: 'string' },
  cli: { type: 'string', multiple: true },
  // Ingest is measured without the embedding model by default: the model (≈150–200 MB) would load
  // on the first comment and its work competes for the same two cores. `--search local` measures both.
  search: { type: 'string', default: 'off' },
  // Also load bench/collect-floor-server.mjs: the same rows stored with nothing of Hearback's code.
  floor: { type: 'boolean', default: false },
  // wrk when installed; autocannon otherwise or when asked for.
  generator: { type: 'string' },
  help: { type: 'boolean', default: false },
});
if (args.help) {
  process.stdout.write(
    'node bench/collect.mjs [--duration s=10] [--warmup s=3] [--rounds n=3] [--connections n=50]\n' +
      '                       [--cpu-prof DIR (profile the servers)] [--cli PATH (default dist/cli.js)]\n' +
      '                       [--search off|local (semantic-search embedding during ingest; default off)]\n' +
      '                       [--generator wrk|autocannon (default: wrk when on PATH)]\n' +
      '                       [--floor (also the storage floor: the same SQLite rows, no framework)]\n',
  );
  process.exit(0);
}
if (args.generator && !['wrk', 'autocannon'].includes(args.generator)) {
  process.stderr.write('--generator must be wrk or autocannon\n');
  process.exit(2);
}
const wrk = args.generator === 'autocannon' ? null : findWrk();
if (args.generator === 'wrk' && !wrk) {
  process.stderr.write('--generator wrk: wrk is not installed (apt-get install wrk)\n');
  process.exit(2);
}
const generator = wrk ? 'wrk' : 'autocannon';

// Several --cli paths load several builds of the server in the same rounds (A/B comparisons).
const clis = args.cli ?? [join(here, '..', 'dist', 'cli.js')];
const duration = Number(args.duration);
const warmup = Number(args.warmup);
const rounds = Number(args.rounds);
const connections = Number(args.connections);
for (const [name, value] of Object.entries({ duration, warmup, rounds, connections })) {
  if (!Number.isFinite(value) || value < 0 || (name !== 'warmup' && value <= 0)) {
    process.stderr.write(`--${name} must be a positive number\n`);
    process.exit(2);
  }
}

// ---------------------------------------------------------------------------------------------
// Child processes: every one is killed when this script ends, however it ends.

/** Async clean-ups (the PostgreSQL database), run once the servers are gone. */
const finalizers = [];

async function finalize() {
  cleanup();
  const pending = finalizers.splice(0).map((finalizer) => finalizer().catch(() => {}));
  await Promise.race([Promise.all(pending), new Promise((resolve) => setTimeout(resolve, 5_000).unref())]);
}
process.on('exit', cleanup);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    process.stderr.write(`\n${signal}: stopping the servers\n`);
    finalize().finally(() => process.exit(130));
  });
}

// --cpu-prof: every server measured writes a V8 CPU profile there (one file per process);
// bench/profile-owners.mjs reads one as µs a request per source file of ours.
const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', args['cpu-prof']] : [];

/** Spawns a node process and resolves once `ready` matches its stdout. */
function startProcess(name, nodeArgs, { env = {}, ready }) {
  const child = spawn(process.execPath, nodeArgs, {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${name} did not start within 30 s:\n${output}`)), 30_000);
    const onData = (chunk) => {
      output += chunk;
      if (ready.test(output)) {
        clearTimeout(timer);
        child.stdout.off('data', onData);
        child.stdout.resume();
        resolve(child);
      }
    };
    child.stdout.setEncoding('utf8').on('data', onData);
    child.stderr.setEncoding('utf8').on('data', (chunk) => {
      output += chunk;
      process.stderr.write(`[${name}] ${chunk}`);
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      children.delete(child);
      reject(new Error(`${name} exited early (${signal ?? code}):\n${output}`));
    });
  });
}

function stopProcess(child) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(killer);
      children.delete(child);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

// The baseline: what any Node server must do at least (read, parse, answer), and nothing more.
const BARE_SERVER = `
import { createServer } from 'node:http';
import { randomUUID } from 'node:crypto';
const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    let body;
    try { body = JSON.parse(Buffer.concat(chunks).toString('utf8')); } catch { body = undefined; }
    const status = body && typeof body === 'object' ? 201 : 400;
    const payload = JSON.stringify(status === 201 ? { id: randomUUID(), success: true } : { error: 'bad json' });
    response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) });
    response.end(payload);
  });
});
server.keepAliveTimeout = 5000;
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.stdout.write('listening\\n'));
process.on('SIGTERM', () => process.exit(0));
`;

async function startBare() {
  const port = await freePort();
  const child = await startProcess('bare', ['--input-type=module', '-e', BARE_SERVER], {
    env: { PORT: String(port) },
    ready: /listening/,
  });
  return { name: 'bare node:http', child, url: `http://127.0.0.1:${port}`, headers: {}, body: null };
}

/** A database of its own on the DATABASE_URL server, dropped at the end. */
async function preparePostgres() {
  const database = await benchDatabase(process.env.DATABASE_URL);
  finalizers.push(database.drop);
  return database.url;
}
let postgresUrl;

/** `hearback init --json` on a fresh data dir, then `hearback serve` on it. */
async function startReal(dialect, cli) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-bench-'));
  tempDirs.add(dataDir);
  const env = {
    HEARBACK_LOG_LEVEL: 'error',
    HEARBACK_SEARCH: args.search,
    DATABASE_URL: dialect === 'postgres' ? postgresUrl : '',
  };
  const { stdout } = await execFileAsync(
    process.execPath,
    [cli, 'init', '--json', '--org', `Bench ${new Date().toISOString()}`, '--data-dir', dataDir],
    { env: { ...process.env, ...env } },
  );
  const keys = JSON.parse(stdout);
  const port = await freePort();
  const child = await startProcess(
    `hearback ${dialect}`,
    [...profile, cli, 'serve', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir],
    { env, ready: /listening on/ },
  );
  const label = clis.length > 1 ? ` ${clis.indexOf(cli) + 1}` : '';
  return collectTarget({
    name: `hearback ${dialect}${label}`,
    tag: `${dialect}${label}`,
    dialect,
    child,
    dataDir,
    keys,
    port,
  });
}

/** A server under load on /collect, with the counters `load` keeps for it. */
function collectTarget({ name, tag, dialect, child, dataDir, keys, port, floor = false }) {
  return {
    name,
    tag,
    floor,
    dialect,
    child,
    dataDir,
    keys,
    url: `http://127.0.0.1:${port}`,
    headers: { 'x-service-key': keys.collectKey },
    acknowledged: 0,
    sent: 0,
    rejected: 0,
  };
}

/**
 * bench/collect-floor-server.mjs on a database made by the real `hearback init`: the same schema
 * and rows, none of Hearback's request handling. Measured, verified, but held to no target.
 */
async function startFloor(dialect, cli) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-bench-floor-'));
  tempDirs.add(dataDir);
  const databaseUrl = dialect === 'postgres' ? postgresUrl : '';
  const { stdout } = await execFileAsync(process.execPath, [cli, 'init', '--json', '--data-dir', dataDir], {
    env: { ...process.env, HEARBACK_LOG_LEVEL: 'error', DATABASE_URL: databaseUrl },
  });
  const keys = JSON.parse(stdout);
  const port = await freePort();
  const where = dialect === 'postgres' ? ['--database-url', databaseUrl] : ['--data-dir', dataDir];
  const child = await startProcess(
    `floor ${dialect}`,
    [...profile, join(here, 'collect-floor-server.mjs'), '--port', String(port), '--inbox', keys.inboxId, ...where],
    { ready: /listening on/ },
  );
  const name = `floor ${dialect}`;
  return collectTarget({ name, tag: name, floor: true, dialect, child, dataDir, keys, port });
}

// ---------------------------------------------------------------------------------------------
// Load and measurement

/** Samples a process's resident set and CPU time from /proc while `work` runs. */
async function withProcessSampling(pid, work) {
  const readRssKb = () => {
    try {
      const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return match ? Number(match[1]) : 0;
    } catch {
      return 0;
    }
  };
  const readCpuTicks = () => {
    try {
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return Number(fields[11]) + Number(fields[12]); // utime + stime, in clock ticks (USER_HZ = 100)
    } catch {
      return Number.NaN;
    }
  };
  let peakRssKb = readRssKb();
  const sampler = setInterval(() => {
    peakRssKb = Math.max(peakRssKb, readRssKb());
  }, 100);
  const cpuStart = readCpuTicks();
  const start = process.hrtime.bigint();
  try {
    const result = await work();
    const seconds = Number(process.hrtime.bigint() - start) / 1e9;
    const cpuSeconds = (readCpuTicks() - cpuStart) / 100;
    return { result, peakRssMb: Math.max(peakRssKb, readRssKb()) / 1024, cpu: cpuSeconds / seconds, cpuSeconds };
  } finally {
    clearInterval(sampler);
  }
}

function collectBody(target) {
  return JSON.stringify({
    inboxKey: target.keys?.inboxKey ?? 'ibx_bench',
    type: 'thumbs',
    score: 1,
    comment: 'Love the new editor, but saving is slow.',
    context: { source: 'bench', url: 'https://example.com/pricing', userId: 'u_42' },
  });
}

async function load(target, seconds) {
  const { result, peakRssMb, cpu, cpuSeconds } = await withProcessSampling(target.child.pid, () =>
    (wrk ? (options) => runWrk(wrk, options) : autocannon)({
      url: `${target.url}/collect`,
      method: 'POST',
      connections,
      duration: seconds,
      headers: { 'content-type': 'application/json', ...target.headers },
      body: collectBody(target),
    }),
  );
  if (target.acknowledged !== undefined) {
    target.acknowledged += result['2xx'];
    target.sent += result.totalRequests ?? result.requests.sent;
    target.rejected += result.non2xx;
  }
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    peakRssMb,
    cpu,
    // Server CPU time per answered request: steadier than req/s when the machine is shared.
    cpuPerRequestUs: (cpuSeconds * 1e6) / Math.max(1, result['2xx'] + result.non2xx),
  };
}

// ---------------------------------------------------------------------------------------------
// Verification: acknowledged means stored.

async function countStored(target) {
  if (target.dialect === 'postgres') {
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: postgresUrl });
    await client.connect();
    try {
      const { rows } = await client.query('select count(*)::int as n from feedback where org_id = $1', [
        target.keys.orgId,
      ]);
      return rows[0].n;
    } finally {
      await client.end();
    }
  }
  const { default: Sqlite } = await import('better-sqlite3');
  const db = new Sqlite(join(target.dataDir, 'hearback.db'), { readonly: true, fileMustExist: true });
  try {
    return db.prepare('select count(*) as n from feedback where org_id = ?').get(target.keys.orgId).n;
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------
// Report

const median = (values) => {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};
const fmt = {
  rps: (value) => `${Math.round(value).toLocaleString('en-US').padStart(7)} req/s`,
  ms: (value) => `${String(value).padStart(3)} ms`,
  mb: (value) => `${value.toFixed(0).padStart(4)} MB`,
  pct: (value) => `${Math.round(value * 100)}%`.padStart(4),
};
function line(label, name, run) {
  return (
    `${label.padEnd(8)} ${name.padEnd(20)} ${fmt.rps(run.rps)}  p50 ${fmt.ms(run.p50)}  p99 ${fmt.ms(run.p99)}` +
    `  non-2xx ${String(run.non2xx).padStart(5)}${run.errors ? `  errors ${run.errors}` : ''}  cpu ${fmt.pct(run.cpu)}` +
    ` ${Math.round(run.cpuPerRequestUs).toString().padStart(4)} µs/req` +
    `  rss ${fmt.mb(run.peakRssMb)}`
  );
}
const verdict = (ok) => (ok ? 'PASS' : 'MISS');

/** `list` starting at `offset` (modulo its length) and wrapping around. */
const rotated = (list, offset) => list.map((_, index) => list[(index + offset) % list.length]);

async function main() {
  process.stdout.write(
    `POST /collect: ${connections} connections, ${duration} s per run, ${rounds} rounds, warm-up ${warmup} s, ` +
      `Node ${process.version}\n`,
  );
  const bare = await startBare();
  if (process.env.DATABASE_URL) postgresUrl = await preparePostgres();
  const reals = [];
  for (const cli of clis) {
    reals.push(await startReal('sqlite', cli));
    if (process.env.DATABASE_URL) reals.push(await startReal('postgres', cli));
  }
  if (args.floor) {
    reals.push(await startFloor('sqlite', clis[0]));
    if (process.env.DATABASE_URL) reals.push(await startFloor('postgres', clis[0]));
  }
  if (clis.length > 1) {
    for (const [index, cli] of clis.entries()) process.stdout.write(`build ${index + 1}: ${cli}\n`);
  }
  process.stdout.write(
    `${connections} connections, ${duration} s per run, ${rounds} rounds, semantic search: ${args.search}, ` +
      `load from ${generator}\n`,
  );

  if (warmup > 0) {
    for (const target of [bare, ...reals]) await load(target, warmup);
  }

  const runs = new Map([bare, ...reals].map((target) => [target, []]));
  for (let round = 1; round <= rounds; round++) {
    const bareRun = await load(bare, duration);
    runs.get(bare).push(bareRun);
    process.stdout.write(`${line(`round ${round}`, bare.name, bareRun)}\n`);
    // Each round starts one server further on: the server loaded right after bare node:http ran
    // measurably slower (the same build twice in one run: 6-17 % apart by position alone), so a
    // fixed order would hand that to whichever comes first.
    for (const real of rotated(reals, round - 1)) {
      const run = await load(real, duration);
      run.ratio = run.rps / bareRun.rps;
      runs.get(real).push(run);
      process.stdout.write(`${line(`round ${round}`, real.name, run)}  ratio ${run.ratio.toFixed(2)}\n`);
    }
  }

  const summary = (list) => ({
    rps: median(list.map((run) => run.rps)),
    p50: median(list.map((run) => run.p50)),
    p99: median(list.map((run) => run.p99)),
    non2xx: list.reduce((sum, run) => sum + run.non2xx, 0),
    errors: list.reduce((sum, run) => sum + run.errors, 0),
    cpu: median(list.map((run) => run.cpu)),
    cpuPerRequestUs: median(list.map((run) => run.cpuPerRequestUs)),
    peakRssMb: Math.max(...list.map((run) => run.peakRssMb)),
    ratio: median(list.map((run) => run.ratio)),
  });
  process.stdout.write('\nmedian (non-2xx summed, rss = peak over all rounds)\n');
  process.stdout.write(`${line('median', bare.name, summary(runs.get(bare)))}\n`);
  const checks = [];
  for (const real of reals) {
    const result = summary(runs.get(real));
    process.stdout.write(`${line('median', real.name, result)}  ratio ${result.ratio.toFixed(2)}\n`);
    real.ratio = result.ratio;
    if (real.floor) {
      checks.push({
        label: `${real.tag} non-2xx answers ${result.non2xx}, socket errors ${result.errors}`,
        ok: result.non2xx === 0 && result.errors === 0,
        correctness: true,
      });
      continue;
    }
    const floor = reals.find((other) => other.floor && other.dialect === real.dialect);
    if (floor) {
      const ofFloor = result.ratio / summary(runs.get(floor)).ratio;
      checks.push({
        label: `${real.tag} ${ofFloor.toFixed(2)} of the floor ≥ ${TARGETS.ofFloor}`,
        ok: ofFloor >= TARGETS.ofFloor,
      });
    }
    checks.push({
      label: `${real.tag} peak RSS ${result.peakRssMb.toFixed(0)} MB ≤ ${TARGETS.rssMb} MB`,
      ok: result.peakRssMb <= TARGETS.rssMb,
    });
    checks.push({
      label: `${real.tag} non-2xx answers ${result.non2xx}, socket errors ${result.errors}`,
      ok: result.non2xx === 0 && result.errors === 0,
      correctness: true,
    });
  }

  for (const floor of reals.filter((real) => real.floor)) {
    process.stdout.write(
      `\n${floor.name}: the same rows stored by bench/collect-floor-server.mjs reach ${floor.ratio.toFixed(2)} of bare\n`,
    );
    for (const real of reals.filter((real) => !real.floor && real.dialect === floor.dialect)) {
      process.stdout.write(`${real.name}: ${(real.ratio / floor.ratio).toFixed(2)} of the floor\n`);
    }
  }

  // Stop gracefully (in-flight commits finish) before counting what is on disk.
  process.stdout.write('\n');
  await stopProcess(bare.child);
  for (const real of reals) {
    await stopProcess(real.child);
    const stored = await countStored(real);
    // autocannon hangs up when the time is over: requests still in flight then were never
    // answered, yet may have been committed. So: acknowledged ≤ stored ≤ sent − rejected.
    const upper = real.sent - real.rejected;
    const ok = stored >= real.acknowledged && stored <= upper;
    checks.push({
      label:
        `${real.tag} rows stored ${stored} = acknowledged ${real.acknowledged}` +
        ` + ${stored - real.acknowledged} in flight at hang-up (at most ${upper - real.acknowledged})`,
      ok,
      correctness: true,
    });
  }
  for (const { label, ok } of checks) process.stdout.write(`${verdict(ok)}  ${label}\n`);
  // Speed depends on the machine and is reported; lost or refused events fail the run.
  return checks.every(({ ok, correctness }) => ok || !correctness);
}

main().then(
  async (ok) => {
    await finalize();
    process.exit(ok ? 0 : 1);
  },
  async (error) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
    await finalize();
    process.exit(2);
  },
);
