#!/usr/bin/env node
/**
 * Feedback themes at their cap: the last 7 days hold `--rows` comments (5,000: what one call
 * clusters at most) and the 7 days before as many, on topics composed from the search corpus's
 * templates, through the real themes service and through the app (HTTP in process), on the
 * embedded SQLite (default) or PostgreSQL (`--postgres`, DATABASE_URL). Target: well under a second.
 * The service is timed twice: clustering on every call (a new service, so an empty cache, each
 * time: what every call cost before the cache) and repeated with nothing changed (served from the
 * cache of clusterings, services/period-themes-cache.ts), with the ratio of the two.
 *
 * Usage (from packages/server, after `pnpm build`):
 *   node bench/themes.mjs [--rows 5000] [--real 1500] [--runs 10] [--postgres]
 *
 * Prints the build of the corpus (with the time its vectors took to store: the embedding job's
 * upserts, which any index on feedback_embeddings makes dearer), p50/p95 of each path, and the
 * themes found (label, size, change), so a change to clustering shows what it does to the answer too.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { ulid } from 'ulidx';
import { percentile } from './harness.mjs';
import { benchOptions } from './options.mjs';
import { benchDatabase } from './postgres-database.mjs';
import { composeComment, randomSource, TOPICS } from './search-corpus.mjs';

const TARGET_MS = 1_000;
const DAY_MS = 86_400_000;
const CHUNK = 1_000;
const EMBED_BATCH = 64;
/** How far a derived vector strays from its real neighbours (per dimension, before normalising). */
const NOISE = 0.015;

const args = benchOptions({
  rows: { type: 'string', default: '5000' },
  real: { type: 'string', default: '1500' },
  runs: { type: 'string', default: '10' },
  postgres: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
});
if (args.help) {
  process.stdout.write(
    'node bench/themes.mjs [--rows n=5000] [--real n=1500] [--runs n=10] [--postgres (DATABASE_URL)]\n',
  );
  process.exit(0);
}
const rows = Number(args.rows);
const realCount = Number(args.real);
const runs = Number(args.runs);
if (![rows, realCount, runs].every((value) => Number.isInteger(value) && value > 0)) {
  process.stderr.write('--rows, --real and --runs must be whole numbers above 0\n');
  process.exit(2);
}
if (args.postgres && !process.env.DATABASE_URL) {
  process.stderr.write('--postgres needs DATABASE_URL (a server where the bench may create a database)\n');
  process.exit(2);
}

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const load = (path) => import(join(dist, path));
const [{ loadConfig }, { createRuntime }, { ID_PREFIXES }, { normalize, vectorToBytes }, { feedbackThemesService }] =
  await Promise.all([
    load('config.js'),
    load('runtime.js'),
    load('lib/ids.js'),
    load('search/embedder.js'),
    load('services/feedback-themes.js'),
  ]);
/** An id whose time is `createdAt`'s, as the server's are: the period filters read ids by their time too. */
const feedbackIdAt = (createdAt) => `${ID_PREFIXES.feedback}_${ulid(Date.parse(createdAt)).toLowerCase()}`;

const log = (line) => process.stdout.write(`${line}\n`);
const dataDir = mkdtempSync(join(tmpdir(), 'hearback-bench-themes-'));
const postgres = args.postgres ? await benchDatabase(process.env.DATABASE_URL, log) : undefined;
const config = loadConfig(
  {},
  {
    dataDir,
    databaseUrl: postgres?.url,
    runJobs: false,
    logLevel: 'silent',
    search: { embedder: 'local', idleMs: 0 },
  },
);
const runtime = await createRuntime(config);

/**
 * Both weeks' rows, every comment composed from a topic's templates; the topics are weighted
 * unevenly and differently in each week (so themes differ in size and change). The first `real`
 * comments are embedded by the model, the others get a vector mixed from two real ones of their
 * topic plus noise, as bench/search-latency.mjs does.
 */
async function buildCorpus() {
  const { services, store, embedder } = runtime;
  const org = await services.organizations.bootstrap({ name: 'Themes bench' });
  const random = randomSource(7);
  const topics = Object.keys(TOPICS);
  const weights = (seed) => topics.map((_, index) => 1 + ((index * 7 + seed) % 5));
  const pickTopic = (weightsOfWeek) => {
    let target = random.next() * weightsOfWeek.reduce((sum, weight) => sum + weight, 0);
    for (const [index, weight] of weightsOfWeek.entries()) {
      target -= weight;
      if (target <= 0) return topics[index];
    }
    return topics[topics.length - 1];
  };
  const now = Date.now();
  const items = [];
  for (const [week, seed] of [
    [0, 1],
    [1, 3],
  ]) {
    const weekWeights = weights(seed);
    for (let index = 0; index < rows; index++) {
      const topic = pickTopic(weekWeights);
      const createdAt = new Date(now - week * 7 * DAY_MS - random.next() * 7 * DAY_MS).toISOString();
      items.push({
        topic,
        feedback: {
          id: feedbackIdAt(createdAt),
          orgId: org.organization.id,
          inboxId: org.inbox.id,
          brandId: null,
          type: 'stars',
          score: 1 + Math.floor(random.next() * 5),
          comment: composeComment(topic, random),
          context: {},
          source: 'bench',
          status: 'new',
          issueLink: null,
          createdAt,
          updatedAt: createdAt,
          idempotencyKey: null,
        },
      });
    }
  }
  for (let start = 0; start < items.length; start += CHUNK) {
    const chunk = items.slice(start, start + CHUNK).map((item) => item.feedback);
    await store.transaction((tx) => tx.feedback.insertMany(chunk));
  }
  const embedStarted = performance.now();
  const real = items.slice(0, Math.min(realCount, items.length));
  const realByTopic = new Map(topics.map((topic) => [topic, []]));
  for (let start = 0; start < real.length; start += EMBED_BATCH) {
    const batch = real.slice(start, start + EMBED_BATCH);
    const vectors = await embedder.embed(batch.map((item) => item.feedback.comment));
    batch.forEach((item, index) => {
      item.vector = vectors[index];
      realByTopic.get(item.topic).push(item.vector);
    });
  }
  const embedSeconds = (performance.now() - embedStarted) / 1000;
  for (const item of items.slice(real.length)) {
    const pool = realByTopic.get(item.topic);
    const [a, b] = [random.pick(pool), random.pick(pool)];
    const vector = new Float32Array(a.length);
    for (let d = 0; d < vector.length; d++) vector[d] = 0.7 * a[d] + 0.3 * b[d] + NOISE * random.gaussian();
    item.vector = normalize(vector);
  }
  const stored = new Date().toISOString();
  // The embedding job's write, timed: an index on feedback_embeddings makes every upsert dearer.
  const storeStarted = performance.now();
  for (let start = 0; start < items.length; start += CHUNK) {
    const chunk = items.slice(start, start + CHUNK).map((item) => ({
      feedbackId: item.feedback.id,
      vector: vectorToBytes(item.vector),
      dim: item.vector.length,
    }));
    await store.transaction((tx) => tx.embeddings.upsertMany(embedder.model, chunk, stored));
  }
  const storeMs = performance.now() - storeStarted;
  return { org, topics: topics.length, embedSeconds, storeMs, real: real.length };
}

async function timed(work) {
  const samples = [];
  const cpuStart = process.cpuUsage();
  let last;
  for (let run = 0; run < runs; run++) {
    const start = performance.now();
    last = await work();
    samples.push(performance.now() - start);
  }
  const cpu = process.cpuUsage(cpuStart);
  samples.sort((a, b) => a - b);
  return {
    p50: percentile(samples, 50),
    p95: percentile(samples, 95),
    cpuMs: (cpu.user + cpu.system) / 1000 / runs,
    last,
  };
}

try {
  const started = performance.now();
  const { org, topics, embedSeconds, storeMs, real } = await buildCorpus();
  log(
    `corpus: ${(2 * rows).toLocaleString('en-US')} comments on ${topics} topics over 14 days (${postgres ? 'PostgreSQL' : 'SQLite'}), ` +
      `${real.toLocaleString('en-US')} embedded by ${runtime.embedder.model} in ${embedSeconds.toFixed(0)} s, built in ` +
      `${((performance.now() - started) / 1000).toFixed(0)} s; vectors stored (upsertMany, ${CHUNK} a transaction) in ` +
      `${storeMs.toFixed(0)} ms, ${((storeMs / (2 * rows)) * 1000).toFixed(0)} µs a row`,
  );
  log(
    `machine: ${cpus().length} cores, load average ${loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')} (other work on the machine inflates every figure)`,
  );
  const principal = {
    actor: { type: 'api_key', id: 'key_bench' },
    orgId: org.organization.id,
    brandId: null,
    scopes: new Set(['read']),
  };
  const clustering = await timed(() =>
    feedbackThemesService(runtime.store, runtime.embedder).themes(principal, { filters: {} }),
  );
  // One call first, so every timed one is served from the cache.
  await runtime.services.feedbackThemes.themes(principal, { filters: {} });
  const service = await timed(() => runtime.services.feedbackThemes.themes(principal, { filters: {} }));
  const http = await timed(async () => {
    const response = await runtime.app.request(`/organizations/${org.organization.id}/feedback/themes`, {
      headers: { 'x-service-key': org.adminKey },
    });
    if (response.status !== 200) throw new Error(`HTTP ${response.status}: ${await response.text()}`);
    return response.json();
  });
  const ms = (value) => `${value.toFixed(0).padStart(5)} ms`;
  for (const [label, figures] of [
    ['themes service, clustering each call', clustering],
    ['themes service, repeated (cached)', service],
    ['GET /feedback/themes (in process)', http],
  ]) {
    log(
      `${label.padEnd(38)} p50 ${ms(figures.p50)}  p95 ${ms(figures.p95)}  cpu ${ms(figures.cpuMs)}/call  (n=${runs})`,
    );
  }
  log(
    `cached / clustering: p50 ${(service.p50 / clustering.p50).toFixed(3)}, cpu ${(service.cpuMs / clustering.cpuMs).toFixed(3)}`,
  );
  const answer = http.last;
  log(
    `analyzed ${answer.analyzed} (truncated: ${answer.truncated}), previous ${answer.previousAnalyzed}, unclustered ${answer.unclustered}`,
  );
  for (const theme of answer.themes) {
    const change =
      theme.change === null ? 'new' : `${theme.change >= 0 ? '+' : ''}${(theme.change * 100).toFixed(0)} %`;
    log(`  ${String(theme.size).padStart(5)}  ${change.padStart(7)}  ${theme.label}`);
  }
  log(
    `${clustering.p95 <= TARGET_MS ? 'PASS' : 'MISS'}: service p95 clustering each call ${clustering.p95.toFixed(0)} ms (target ≤ ${TARGET_MS} ms)`,
  );
} finally {
  await runtime.close();
  await postgres?.drop();
  rmSync(dataDir, { recursive: true, force: true });
}
