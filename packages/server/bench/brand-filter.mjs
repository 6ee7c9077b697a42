/**
 * Does the list filtered by brand (`brandId`, or a brand-scoped key), newest first, need an index of
 * its own? Seeds `--rows` items of one organization through the store (bench:api's year), gives
 * them brands as their inboxes would (one brand holding about a quarter of the items, one about
 * 5 %, and a rare one about 0.15 %), then, on SQLite and PostgreSQL, prints the plan and the time of
 * the list's first page (and of a 30-day window) for each brand, with the schema's partial index
 * `feedback_brand_idx` (migration 0020) and then without it.
 *
 *   pnpm build && node bench/brand-filter.mjs --rows 300000 [--dialect sqlite|postgres]
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { seedFeedback } from './api-seed.mjs';
import { cleanupOnExit, percentile, tempDirs, timeRuns } from './harness.mjs';
import { benchDatabase } from './postgres-database.mjs';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '300000' }, dialect: { type: 'string' } } });
const rows = Number(values.rows);
const here = dirname(fileURLToPath(import.meta.url));
const dist = (path) => import(join(here, '..', 'dist', path));
const [{ loadConfig }, { createRuntime }, { idRangeOfWindow }] = await Promise.all([
  dist('config.js'),
  dist('runtime.js'),
  dist('lib/ids.js'),
]);
const log = (line) => process.stdout.write(`${line}\n`);
const DAY_MS = 86_400_000;
cleanupOnExit();

async function timed(work, runs = 15) {
  const times = await timeRuns(work, runs);
  return `p50 ${percentile(times, 50).toFixed(2)} ms, p95 ${percentile(times, 95).toFixed(2)} ms`;
}

async function run(dialect) {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-bench-brand-'));
  tempDirs.add(dataDir);
  let server;
  let database;
  if (dialect === 'postgres') {
    const { tsImport } = await import('tsx/esm/api');
    const { startPostgres } = await tsImport('../test/support/postgres-server.ts', import.meta.url);
    server = await startPostgres();
    database = await benchDatabase(server.url, log);
  }
  const runtime = await createRuntime(
    loadConfig(
      {},
      { dataDir, databaseUrl: database?.url, runJobs: false, logLevel: 'silent', search: { embedder: 'off' } },
    ),
  );
  const db = runtime.database.db;
  try {
    const org = await runtime.services.organizations.bootstrap({ name: 'Brands' });
    const principal = { actor: { type: 'api_key', id: 'key_bench' }, orgId: org.organization.id, brandId: null };
    principal.scopes = new Set(['read', 'write']);
    const brand = async (name) => (await runtime.services.brands.create(principal, { name })).id;
    const brands = { large: await brand('Large'), small: await brand('Small'), rare: await brand('Rare') };
    const inbox = async (name, brandId) => (await runtime.services.inboxes.create(principal, { name, brandId })).id;
    // bench:api's inbox weights: 50, 25, 15, 10, then 5.
    const inboxIds = [
      org.inbox.id,
      await inbox('Large', brands.large),
      await inbox('Plain 2'),
      await inbox('Plain 3'),
      await inbox('Small', brands.small),
    ];
    const end = Date.now();
    log(`\n== ${dialect}: ${rows.toLocaleString('en-US')} rows`);
    await seedFeedback({ store: runtime.store, orgId: org.organization.id, inboxIds, rows, end, log });
    // The seed writes no brand: give each item its inbox's, and a thirty-second of the small
    // brand's items (by the id's last character) to the rare one.
    await sql`update feedback set brand_id = (select brand_id from inboxes where inboxes.id = feedback.inbox_id)`.execute(
      db,
    );
    await sql`update feedback set brand_id = ${brands.rare} where brand_id = ${brands.small} and id like '%0'`.execute(
      db,
    );
    const counts = await sql`select brand_id, count(*) as n from feedback group by brand_id order by n desc`.execute(
      db,
    );
    log(`  items per brand: ${counts.rows.map((row) => `${row.brand_id ?? 'none'} ${row.n}`).join(', ')}`);
    if (dialect === 'postgres') await sql`vacuum analyze feedback`.execute(db);
    else await sql`analyze`.execute(db);

    const explain = dialect === 'postgres' ? sql`explain (analyze, buffers)` : sql`explain query plan`;
    const windowIds = idRangeOfWindow('feedback', new Date(end - 30 * DAY_MS).toISOString(), undefined);
    const queries = (brandId) => ({
      'first page': sql`select * from feedback where org_id = ${org.organization.id} and brand_id = ${brandId} order by id desc limit 51`,
      'last 30 days': sql`select * from feedback where org_id = ${org.organization.id} and brand_id = ${brandId} and created_at >= ${new Date(end - 30 * DAY_MS).toISOString()} and feedback.id >= ${windowIds.min} order by id desc limit 51`,
    });
    const measure = async (label) => {
      log(`  -- ${label}`);
      for (const [name, brandId] of Object.entries(brands)) {
        for (const [query, statement] of Object.entries(queries(brandId))) {
          const plan = await sql`${explain} ${statement}`.execute(db);
          const text = plan.rows.map((row) => row['QUERY PLAN'] ?? row.detail).join(' | ');
          log(`  ${name}, ${query}: ${await timed(() => statement.execute(db))}`);
          log(`    plan: ${text.replace(/\s+/g, ' ').slice(0, 400)}`);
        }
      }
    };
    await measure('the schema (with feedback_brand_idx, migration 0020)');
    await sql`drop index feedback_brand_idx`.execute(db);
    if (dialect === 'postgres') await sql`analyze feedback`.execute(db);
    else await sql`analyze`.execute(db);
    await measure('without feedback_brand_idx');
  } finally {
    await runtime.close();
    await database?.drop();
    await server?.stop();
  }
}

for (const dialect of values.dialect ? [values.dialect] : ['sqlite', 'postgres']) await run(dialect);
