#!/usr/bin/env node
/**
 * The floor of `POST /collect` on Hearback's SQLite schema, for `bench/collect.mjs --floor`: what
 * any server must spend to store the same rows durably, with nothing of Hearback's own code.
 *
 * node:http, JSON.parse, one key hash, then the rows the real server writes (a feedback row with
 * its three indexes and full-text trigger, and its `feedback.created` outbox event), by group
 * commit with better-sqlite3 prepared statements and `synchronous = FULL`, answering 201 after
 * the commit. Ids are time-ordered like the real ones (random ids cost half as much again: every
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
  });
  return {
    inbox: async (id) => db.prepare('select id, org_id from inboxes where id = ?').get(id),
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
    insert into outbox (id, org_id, type, payload, created_at)
    select event_id, $2, 'feedback.created', payload, at from unnest($10::text[], $11::text[], $9::text[])
      as events(event_id, payload, at)`;
  return {
    inbox: async (id) => (await pool.query('select id, org_id from inboxes where id = $1', [id])).rows[0],
    commit: async (batch) => {
      const column = (pick) => batch.map(pick);
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
        ],
      });
    },
    // Batches overlap on the pool, as the real server's do (its commitConcurrency on PostgreSQL).
    concurrency: 3,
  };
}

const eventIdOf = (feedback) => `evt_${feedback.id.slice(3)}`;
const store = args['database-url'] ? postgresStore(args['database-url']) : sqliteStore(args['data-dir']);
const inbox = await store.inbox(args.inbox);
if (!inbox) throw new Error(`No inbox ${args.inbox}: run \`hearback init\` on the database first.`);

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
