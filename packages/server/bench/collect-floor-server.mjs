#!/usr/bin/env node
/**
 * The floor of `POST /collect` on Hearback's SQLite schema, for `bench/collect.mjs --floor`: what
 * any server must spend to store the same rows durably, with nothing of Hearback's own code.
 *
 * node:http, JSON.parse, one key hash, then the rows the real server writes (a feedback row with
 * its three indexes and full-text trigger, its `feedback.created` outbox event, and the batch's
 * daily counts that trends read: `feedback_daily_counts` and `feedback_daily_totals`, upserted by
 * key), by group commit with better-sqlite3 prepared statements and `synchronous = FULL`,
 * answering 201 after the commit. Ids are time-ordered like the real ones (random ids cost half as much again: every
 * insert lands on another B-tree page). Left out on purpose: validation, key and inbox lookups,
 * plans and usage, idempotency, the relay that reads the events. So the ratio real/floor is what
 * Hearback's own code costs, and floor/bare what the storage itself costs.
 *
 * On PostgreSQL (--database-url) the same rows go in by one statement per batch, several batches at
 * once.
 *
 * Usage: node bench/collect-floor-server.mjs --port N --inbox ID (--data-dir DIR | --database-url URL)
 * where `hearback init` made the inbox.
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';
import pg from 'pg';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    // The inbox `hearback init` made (a PostgreSQL database may hold the real server's too).
    inbox: { type: 'string' },
    'data-dir': { type: 'string' },
    'database-url': { type: 'string' },
  },
});

/** Stores a batch of feedback rows and their events in one durable commit. */
function sqliteStore(dataDir) {
  const db = new Database(join(dataDir, 'hearback.db'));
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = FULL');
  const insertFeedback = db.prepare(
    `insert into feedback (id, org_id, inbox_id, brand_id, type, score, comment, context, source, status,
       issue_link, idempotency_key, created_at, updated_at)
     values (?, ?, ?, null, ?, ?, ?, ?, ?, 'new', null, null, ?, ?)`,
  );
  const insertEvent = db.prepare('insert into outbox (id, org_id, type, payload, created_at) values (?, ?, ?, ?, ?)');
  const upsertCount = db.prepare(
    `insert into feedback_daily_counts (org_id, day, inbox_id, type, score, has_source, source, count)
     values (?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (org_id, day, inbox_id, type, score, has_source, source) do update set count = count + excluded.count`,
  );
  const upsertTotal = db.prepare(
    `insert into feedback_daily_totals (org_id, day, inbox_id, type, count, scored, score_sum, at_least_9, at_most_6, at_least_4)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (org_id, day, inbox_id, type) do update set count = count + excluded.count,
       scored = scored + excluded.scored, score_sum = score_sum + excluded.score_sum,
       at_least_9 = at_least_9 + excluded.at_least_9, at_most_6 = at_most_6 + excluded.at_most_6,
       at_least_4 = at_least_4 + excluded.at_least_4`,
  );
  const commit = db.transaction((batch) => {
    for (const feedback of batch) {
      insertFeedback.run(
        feedback.id,
        feedback.orgId,
        feedback.inboxId,
        feedback.type,
        feedback.score,
        feedback.comment,
        JSON.stringify(feedback.context),
        feedback.source,
        feedback.createdAt,
        feedback.updatedAt,
      );
      insertEvent.run(
        eventIdOf(feedback),
        feedback.orgId,
        'feedback.created',
        JSON.stringify(feedback),
        feedback.createdAt,
      );
    }
    const { counts, totals } = dailyCounts(batch);
    for (const count of counts) upsertCount.run(...count);
    for (const total of totals) upsertTotal.run(...total);
  });
  return {
    inbox: async (id) =>
      db
        .prepare(
          'select inboxes.id, org_id, timezone from inboxes join organizations on organizations.id = org_id where inboxes.id = ?',
        )
        .get(id),
    commit: async (batch) => commit(batch),
    // One commit at a time: SQLite has one writer.
    concurrency: 1,
  };
}

/**
 * PostgreSQL: one statement per batch (rows as arrays, both inserts in one CTE), prepared once per
 * connection, in autocommit: one round trip, durable when it returns (synchronous_commit = on).
 */
function postgresStore(url) {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  const text = `with stored as (
      insert into feedback (id, org_id, inbox_id, brand_id, type, score, comment, context, source, status,
        issue_link, idempotency_key, created_at, updated_at)
      select id, $2, $3, null, type, score, comment, context, source, 'new', null, null, at, at
      from unnest($1::text[], $4::text[], $5::int[], $6::text[], $7::text[], $8::text[], $9::text[])
        as rows(id, type, score, comment, context, source, at)
    )
    , events as (
      insert into outbox (id, org_id, type, payload, created_at)
      select event_id, $2, 'feedback.created', payload, at from unnest($10::text[], $11::text[], $9::text[])
        as events(event_id, payload, at)
    ), counts as (
      insert into feedback_daily_counts (org_id, day, inbox_id, type, score, has_source, source, count)
      select $2, day, $3, type, score, has_source, source, count
      from unnest($12::text[], $13::text[], $14::int[], $15::int[], $16::text[], $17::int[])
        as counts(day, type, score, has_source, source, count)
      on conflict (org_id, day, inbox_id, type, score, has_source, source)
        do update set count = feedback_daily_counts.count + excluded.count
    )
    insert into feedback_daily_totals (org_id, day, inbox_id, type, count, scored, score_sum, at_least_9, at_most_6, at_least_4)
    select $2, day, $3, type, count, scored, score_sum, at_least_9, at_most_6, at_least_4
    from unnest($18::text[], $19::text[], $20::int[], $21::int[], $22::int[], $23::int[], $24::int[], $25::int[])
      as totals(day, type, count, scored, score_sum, at_least_9, at_most_6, at_least_4)
    on conflict (org_id, day, inbox_id, type) do update set count = feedback_daily_totals.count + excluded.count,
      scored = feedback_daily_totals.scored + excluded.scored,
      score_sum = feedback_daily_totals.score_sum + excluded.score_sum,
      at_least_9 = feedback_daily_totals.at_least_9 + excluded.at_least_9,
      at_most_6 = feedback_daily_totals.at_most_6 + excluded.at_most_6,
      at_least_4 = feedback_daily_totals.at_least_4 + excluded.at_least_4`;
  return {
    inbox: async (id) =>
      (
        await pool.query(
          'select inboxes.id, org_id, timezone from inboxes join organizations on organizations.id = org_id where inboxes.id = $1',
          [id],
        )
      ).rows[0],
    commit: async (batch) => {
      const column = (pick) => batch.map(pick);
      const { counts, totals } = dailyCounts(batch);
      await pool.query({
        name: 'floor_collect',
        text,
        values: [
          column((feedback) => feedback.id),
          batch[0].orgId,
          batch[0].inboxId,
          column((feedback) => feedback.type),
          column((feedback) => feedback.score),
          column((feedback) => feedback.comment),
          column((feedback) => JSON.stringify(feedback.context)),
          column((feedback) => feedback.source),
          column((feedback) => feedback.createdAt),
          column(eventIdOf),
          column((feedback) => JSON.stringify(feedback)),
          ...columnsOf(counts),
          ...columnsOf(totals),
        ],
      });
    },
    // Batches overlap on the pool, as the real server's do (its commitConcurrency on PostgreSQL).
    concurrency: 3,
  };
}

const eventIdOf = (feedback) => `evt_${feedback.id.slice(3)}`;

/**
 * A batch's daily counts as the real server keeps them (storage/repositories/feedback-rollups.ts):
 * by organization, UTC day (the organization's zone, which `hearback init` leaves at UTC), inbox,
 * type, score (-1 for none) and source; and their totals by day, inbox and type. Rows as parameter
 * lists: counts `[org, day, inbox, type, score, has_source, source, count]`, totals
 * `[org, day, inbox, type, count, scored, score_sum, at_least_9, at_most_6, at_least_4]`.
 */
function dailyCounts(batch) {
  const counts = new Map();
  const totals = new Map();
  for (const feedback of batch) {
    const day = feedback.createdAt.slice(0, 10);
    const score = feedback.score ?? -1;
    const source = feedback.source ?? '';
    const countKey = `${feedback.orgId}\0${day}\0${feedback.inboxId}\0${feedback.type}\0${score}\0${feedback.source === null ? 0 : 1}\0${source}`;
    const count = counts.get(countKey);
    if (count) count[7]++;
    else
      counts.set(countKey, [
        feedback.orgId,
        day,
        feedback.inboxId,
        feedback.type,
        score,
        feedback.source === null ? 0 : 1,
        source,
        1,
      ]);
    const totalKey = `${feedback.orgId}\0${day}\0${feedback.inboxId}\0${feedback.type}`;
    let total = totals.get(totalKey);
    if (!total) {
      total = [feedback.orgId, day, feedback.inboxId, feedback.type, 0, 0, 0, 0, 0, 0];
      totals.set(totalKey, total);
    }
    total[4]++;
    if (feedback.score !== null) {
      total[5]++;
      total[6] += feedback.score;
      if (feedback.score >= 9) total[7]++;
      if (feedback.score <= 6) total[8]++;
      if (feedback.score >= 4) total[9]++;
    }
  }
  return { counts: [...counts.values()], totals: [...totals.values()] };
}

/** Rows as PostgreSQL array parameters: a column each, but the organization and inbox (one per batch). */
function columnsOf(rows) {
  const columns = [];
  for (let index = 1; index < (rows[0]?.length ?? 0); index++) {
    if (index !== 2) columns.push(rows.map((row) => row[index]));
  }
  return columns;
}
const store = args['database-url'] ? postgresStore(args['database-url']) : sqliteStore(args['data-dir']);
const inbox = await store.inbox(args.inbox);
if (!inbox) throw new Error(`No inbox ${args.inbox}: run \`hearback init\` on the database first.`);
// Days are counted in UTC here (dailyCounts): the zone `hearback init` gives a new organization.
if (inbox.timezone !== 'UTC')
  throw new Error(`The floor counts days in UTC; the organization's zone is ${inbox.timezone}.`);

// Time-ordered ids: milliseconds, then a counter.
let counter = 0;
const nextId = () => `fb_${Date.now().toString(36).padStart(10, '0')}${(++counter).toString(36).padStart(10, '0')}`;

// Group commit as the real server does it: what arrived in this turn of the loop shares a commit,
// and what arrives while `concurrency` commits run waits for the next.
const queue = [];
let running = 0;
let scheduled = false;
function schedule() {
  if (scheduled || running >= store.concurrency || queue.length === 0) return;
  scheduled = true;
  setImmediate(async () => {
    scheduled = false;
    const batch = queue.splice(0, 500);
    running++;
    schedule();
    let status = 201;
    try {
      await store.commit(batch.map((item) => item.feedback));
    } catch (error) {
      process.stderr.write(`commit failed: ${error.message}\n`);
      status = 500;
    }
    running--;
    for (const { feedback, answer } of batch) {
      answer(status, status === 201 ? { id: feedback.id, success: true } : { error: 'commit failed' });
    }
    schedule();
  });
}

const server = createServer((request, response) => {
  const chunks = [];
  request.on('data', (chunk) => chunks.push(chunk));
  request.on('end', () => {
    const answer = (status, payload) => {
      const text = JSON.stringify(payload);
      response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
      response.end(text);
    };
    // What a key check costs at least: hashing the presented key.
    createHash('sha256').update(String(request.headers['x-service-key'])).digest();
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {}
    if (!body || typeof body !== 'object') return answer(400, { error: 'malformed JSON' });
    const now = new Date().toISOString();
    const context = body.context ?? {};
    const feedback = {
      id: nextId(),
      orgId: inbox.org_id,
      inboxId: inbox.id,
      brandId: null,
      type: body.type,
      score: body.score ?? null,
      comment: body.comment ?? null,
      context,
      source: typeof context.source === 'string' ? context.source : null,
      status: 'new',
      issueLink: null,
      createdAt: now,
      updatedAt: now,
    };
    queue.push({ feedback, answer });
    schedule();
  });
});
server.keepAliveTimeout = 5000;
server.listen(Number(args.port), '127.0.0.1', () => process.stdout.write('floor listening on\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
