#!/usr/bin/env node
/**
 * Search quality: the hand-written, labelled dev set (bench/search-dev-set.json) loaded into the
 * real server runtime (temporary SQLite data dir, HEARBACK_SEARCH=local: the bundled USE-lite model
 * in its worker thread), every query asked through `POST /organizations/:orgId/search` in each
 * mode, and top-1, top-3 hit rate and MRR@10 printed per mode against the targets of issue 5.
 *
 * With DATABASE_URL set, the same evaluation runs on PostgreSQL too (full text by tsvector, vectors
 * by the exact scan), in a database of its own on that server.
 *
 * Usage (from the workspace root): pnpm bench:search, or after a build of the server:
 *   node packages/server/bench/search-quality.mjs [--verbose] [--dev-set FILE]
 *
 * With --without-vectors the texts are not embedded (the window after a burst of feedback or a
 * model change, before the embedding job has caught up): hybrid must then do no worse than keyword.
 *
 * Exits 1 when hybrid misses a target, 2 when the run itself fails.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
// The internal runtime (not the package's public one): this bench reads the vector index in use.
import { loadConfig } from '../dist/config.js';
import { createRuntime } from '../dist/runtime.js';
import { benchOptions } from './options.mjs';
import { benchDatabase } from './postgres-database.mjs';

const here = dirname(fileURLToPath(import.meta.url));
const MODES = ['semantic', 'keyword', 'hybrid'];
const TARGETS = { hybridTop3: 0.9, aboveKeyword: 0.25 };
/** Results asked per query: MRR counts a first relevant hit down to this rank. */
const DEPTH = 10;

const args = benchOptions({
  'dev-set': { type: 'string', default: join(here, 'search-dev-set.json') },
  // Every query's ranks, not only those hybrid misses.
  verbose: { type: 'boolean', default: false },
  // Leaves every text unembedded, as while the embedding job lags.
  'without-vectors': { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
});
if (args.help) {
  process.stdout.write('node bench/search-quality.mjs [--verbose] [--without-vectors] [--dev-set FILE]\n');
  process.exit(0);
}

const out = (text = '') => process.stdout.write(`${text}\n`);

function loadDevSet(file) {
  const devSet = JSON.parse(readFileSync(file, 'utf8'));
  const ids = new Set(devSet.feedback.map((item) => item.id));
  if (ids.size !== devSet.feedback.length) throw new Error('Dev set: duplicate feedback ids.');
  for (const { query, relevant } of devSet.queries) {
    const unknown = relevant.filter((id) => !ids.has(id));
    if (relevant.length === 0 || unknown.length > 0) throw new Error(`Dev set: bad labels for "${query}".`);
  }
  return devSet;
}

// A rough check that the queries paraphrase: the share of a query's content words (crudely
// stemmed, stop words aside) that occur in one of its relevant texts.
const STOP = new Set(
  'a an and are as at be but by can could do does for from has have how i if in into is it its me my no not of on or our so than that the their them then there they this to too us was we were what when which while who why will with would you your'.split(
    ' ',
  ),
);
const stems = (text) =>
  new Set(
    (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])
      .filter((word) => !STOP.has(word) && word.length > 1)
      .map((word) => word.replace(/(ing|ed|es|s|ly)$/, '')),
  );
function sharedWordShare(devSet) {
  const textOf = new Map(devSet.feedback.map((item) => [item.id, stems(item.text)]));
  const shares = devSet.queries.map(({ query, relevant }) => {
    const words = [...stems(query)];
    const shared = words.filter((word) => relevant.some((id) => textOf.get(id).has(word)));
    return words.length === 0 ? 0 : shared.length / words.length;
  });
  return shares.reduce((sum, share) => sum + share, 0) / shares.length;
}

async function call(runtime, path, key, json) {
  const response = await runtime.app.request(path, {
    method: 'POST',
    headers: { 'x-service-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(json),
  });
  const body = await response.json();
  if (!response.ok) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

/** Collects every text through `POST /collect`; returns dev-set id → feedback id. */
async function collectAll(runtime, organization, devSet) {
  const feedbackIds = new Map();
  for (const item of devSet.feedback) {
    const { id } = await call(runtime, '/collect', organization.collectKey, {
      inboxKey: organization.inbox.inboxKey,
      type: 'text',
      comment: item.text,
    });
    feedbackIds.set(item.id, id);
  }
  return feedbackIds;
}

/**
 * Runs the outbox until idle: the `feedback.created` events drive the real embedding job. A
 * handler registered after it reports progress as each event is done.
 */
async function embedAll(runtime, feedbackIds) {
  const { store, embedder, jobs } = runtime;
  const ids = [...feedbackIds.values()];
  const started = performance.now();
  let reported = 0;
  const embeddedCount = async () => (await store.embeddings.embeddedAmong(ids, embedder.model)).size;
  jobs.on('feedback.created', async () => {
    const count = await embeddedCount();
    if (count === reported) return;
    reported = count;
    const seconds = (performance.now() - started) / 1000;
    out(`  embedded ${String(count).padStart(4)}/${ids.length}  ${seconds.toFixed(1)} s`);
  });
  out(`embedding ${ids.length} texts with ${embedder.model} (the model loads on first use)`);
  await jobs.runUntilIdle();
  const count = await embeddedCount();
  if (count !== ids.length) throw new Error(`Only ${count} of ${ids.length} texts were embedded.`);
  const seconds = (performance.now() - started) / 1000;
  out(`  all ${count} embedded in ${seconds.toFixed(1)} s (${(count / seconds).toFixed(0)} texts/s incl. model load)`);
}

/** 1-based rank of the first relevant result, or null when none is in the first {@link DEPTH}. */
async function firstRelevantRank(runtime, organization, devIdOf, query, mode) {
  const { data } = await call(runtime, `/organizations/${organization.organization.id}/search`, organization.adminKey, {
    query: query.query,
    mode,
    limit: DEPTH,
  });
  const index = data.findIndex((hit) => query.relevant.includes(devIdOf.get(hit.feedback.id)));
  return { rank: index === -1 ? null : index + 1, top: data.slice(0, 3).map((hit) => devIdOf.get(hit.feedback.id)) };
}

function metrics(ranks) {
  const share = (predicate) => ranks.filter(predicate).length / ranks.length;
  return {
    top1: share((rank) => rank === 1),
    top3: share((rank) => rank !== null && rank <= 3),
    mrr: ranks.reduce((sum, rank) => sum + (rank === null ? 0 : 1 / rank), 0) / ranks.length,
  };
}

/** Every query of the dev set in every mode, on a fresh runtime over `databaseUrl` (or SQLite). */
async function evaluate(devSet, databaseUrl) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-search-quality-'));
  const config = loadConfig({
    HEARBACK_DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? '',
    HEARBACK_SEARCH: 'local',
    HEARBACK_DISABLE_JOBS: 'true',
    HEARBACK_LOG_LEVEL: 'silent',
  });
  const runtime = await createRuntime(config);
  try {
    const organization = await runtime.services.organizations.bootstrap({ name: 'Search quality' });
    const feedbackIds = await collectAll(runtime, organization, devSet);
    const devIdOf = new Map([...feedbackIds].map(([devId, id]) => [id, devId]));
    if (args['without-vectors']) out('texts left unembedded (--without-vectors)');
    else await embedAll(runtime, feedbackIds);

    const ranks = Object.fromEntries(MODES.map((mode) => [mode, []]));
    const tops = Object.fromEntries(MODES.map((mode) => [mode, []]));
    for (const query of devSet.queries) {
      for (const mode of MODES) {
        const { rank, top } = await firstRelevantRank(runtime, organization, devIdOf, query, mode);
        ranks[mode].push(rank);
        tops[mode].push(top);
      }
    }
    return { ranks, tops, vectorIndex: runtime.services.search.vectorIndex };
  } finally {
    await runtime.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

function report(devSet, { ranks, tops, vectorIndex }) {
  out();
  out(`queries whose relevant text hybrid ranks below 3${args.verbose ? ' (--verbose: all)' : ''}`);
  devSet.queries.forEach((query, index) => {
    const hybrid = ranks.hybrid[index];
    if (!args.verbose && hybrid !== null && hybrid <= 3) return;
    const where = MODES.map((mode) => `${mode} ${ranks[mode][index] ?? '-'}`).join(', ');
    out(`  "${query.query}" → ${query.relevant.join(' ')}: ${where}; hybrid top 3: ${tops.hybrid[index].join(' ')}`);
  });

  const results = Object.fromEntries(MODES.map((mode) => [mode, metrics(ranks[mode])]));
  out();
  out(`vector index: ${vectorIndex}; MRR counts ranks down to ${DEPTH}`);
  out('mode        top-1   top-3   MRR');
  for (const mode of MODES) {
    const { top1, top3, mrr } = results[mode];
    out(`${mode.padEnd(10)}  ${top1.toFixed(2)}    ${top3.toFixed(2)}    ${mrr.toFixed(2)}`);
  }
  return results;
}

async function main() {
  const devSet = loadDevSet(args['dev-set']);
  const topics = new Set(devSet.feedback.map((item) => item.topic));
  out(
    `dev set: ${devSet.feedback.length} texts in ${topics.size} topics, ${devSet.queries.length} queries; ` +
      `query words found in a relevant text: ${(sharedWordShare(devSet) * 100).toFixed(0)}% (mean)`,
  );
  // The embedded default always; PostgreSQL too when DATABASE_URL names a server.
  const databases = [{ label: 'sqlite' }];
  if (process.env.DATABASE_URL) databases.push({ label: 'postgres', adminUrl: process.env.DATABASE_URL });
  const checks = [];
  for (const { label, adminUrl } of databases) {
    out(`\n== ${label}`);
    const database = adminUrl ? await benchDatabase(adminUrl, out) : null;
    let results;
    try {
      results = report(devSet, await evaluate(devSet, database?.url));
    } finally {
      await database?.drop();
    }
    const gap = results.hybrid.top3 - results.keyword.top3;
    if (args['without-vectors']) {
      // Nothing to find by meaning: hybrid can only match keyword, and must not fall below it.
      checks.push({
        label: `${label} without vectors: hybrid top-3 ${results.hybrid.top3.toFixed(2)} ≥ keyword ${results.keyword.top3.toFixed(2)}, MRR ${results.hybrid.mrr.toFixed(2)} ≥ ${results.keyword.mrr.toFixed(2)}`,
        ok: results.hybrid.top3 >= results.keyword.top3 && results.hybrid.mrr >= results.keyword.mrr,
      });
      continue;
    }
    checks.push(
      {
        label: `${label} hybrid top-3 ${results.hybrid.top3.toFixed(2)} ≥ ${TARGETS.hybridTop3}`,
        ok: results.hybrid.top3 >= TARGETS.hybridTop3,
      },
      {
        label: `${label} hybrid top-3 − keyword top-3 = ${gap.toFixed(2)} ≥ ${TARGETS.aboveKeyword}`,
        ok: gap >= TARGETS.aboveKeyword,
      },
    );
  }
  out();
  for (const { label, ok } of checks) out(`${ok ? 'PASS' : 'MISS'}  ${label}`);
  return checks.every(({ ok }) => ok);
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  (error) => {
    process.stderr.write(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : error}\n`);
    process.exit(2);
  },
);
