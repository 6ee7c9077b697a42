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
 * Usage: node bench/collect-floor-server.mjs --port N --data-dir DIR (DIR made by `hearback init`)
 */
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import Database from 'better-sqlite3';

const { values: args } = parseArgs({
  options: { port: { type: 'string' }, 'data-dir': { type: 'string' } },
});
const db = new Database(join(args['data-dir'], 'hearback.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
const inbox = db.prepare('select id, org_id from inboxes order by id limit 1').get();
if (!inbox) throw new Error('No inbox: run `hearback init` on the data dir first.');

const insertFeedback = db.prepare(
  `insert into feedback (id, org_id, inbox_id, brand_id, type, score, comment, context, source, status,
     issue_link, idempotency_key, created_at, updated_at)
   values (?, ?, ?, null, ?, ?, ?, ?, ?, 'new', null, null, ?, ?)`,
);
const insertEvent = db.prepare('insert into outbox (id, org_id, type, payload, created_at) values (?, ?, ?, ?, ?)');
const commit = db.transaction((items) => {
  for (const item of items) {
    const { feedback } = item;
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
      `evt_${feedback.id.slice(3)}`,
      feedback.orgId,
      'feedback.created',
      JSON.stringify(feedback),
      feedback.createdAt,
    );
  }
});

// Time-ordered ids: milliseconds, then a counter.
let counter = 0;
const nextId = () => `fb_${Date.now().toString(36).padStart(10, '0')}${(++counter).toString(36).padStart(10, '0')}`;

let queue = [];
function flush() {
  const batch = queue;
  queue = [];
  let status = 201;
  try {
    commit(batch);
  } catch {
    status = 500;
  }
  for (const item of batch)
    item.answer(status, status === 201 ? { id: item.feedback.id, success: true } : { error: 'commit failed' });
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
    // Group commit as the real server does it: what arrived in this turn of the loop shares a commit.
    if (queue.push({ feedback, answer }) === 1) setImmediate(flush);
  });
});
server.keepAliveTimeout = 5000;
server.listen(Number(args.port), '127.0.0.1', () => process.stdout.write('floor listening on\n'));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
