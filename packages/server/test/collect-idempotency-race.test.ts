import { sql } from 'kysely';
import pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { nowIso, usagePeriod } from '../src/lib/time.js';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { toFeedbackRow } from '../src/storage/repositories/feedback.js';
import { postThumb } from './support/api-assertions.js';
import { within } from './support/async.js';
import { dialectsUnderTest, openTestRuntime } from './support/harness.js';

/**
 * Another server process in the middle of a commit: its own connection, one transaction held open
 * while the test inserts the originals of retries into it, until `commit()`.
 */
async function anotherProcessCommitting(runtime: Runtime, org: BootstrappedOrganization) {
  const client = new pg.Client({ connectionString: runtime.config.databaseUrl });
  await client.connect();
  await client.query('begin');
  // In a deadlock PostgreSQL aborts whichever session checks first, deadlock_timeout after it began
  // to wait. Normally the batch, which waited longer; on a busy machine the check of this session
  // could come first. A longer timeout here makes the batch the one that gives up.
  await client.query(`set local deadlock_timeout = '10s'`);
  const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
  const pid = rows[0]?.pid as number;
  return {
    /** Stores the original of `eventId` (uncommitted); its id. Waits while another holds that key. */
    async insert(eventId: string): Promise<string> {
      const now = nowIso();
      const row = toFeedbackRow({
        id: newId('feedback'),
        orgId: org.organization.id,
        inboxId: org.inbox.id,
        brandId: null,
        type: 'thumbs',
        score: 1,
        comment: null,
        context: {},
        source: null,
        status: 'new',
        issueLink: null,
        assigneeId: null,
        idempotencyKey: eventId,
        createdAt: now,
        updatedAt: now,
      });
      const columns = Object.keys(row);
      await client.query(
        `insert into feedback (${columns.join(', ')}) values (${columns.map((_, index) => `$${index + 1}`).join(', ')})`,
        Object.values(row),
      );
      return row.id;
    },
    /** Resolves once another session waits for this transaction to end. */
    async waitedFor(): Promise<void> {
      for (;;) {
        const { rows } = await sql<{ waiting: number }>`
          select count(*)::int as waiting from pg_stat_activity where ${pid} = any(pg_blocking_pids(pid))`.execute(
          runtime.database.db,
        );
        if ((rows[0]?.waiting ?? 0) > 0) return;
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    async commit(): Promise<void> {
      await client.query('commit');
    },
    /** Ends the connection; an open transaction rolls back. */
    async close(): Promise<void> {
      await client.end();
    },
  };
}

/** The organization's stored feedback ids, and the feedback ids its outbox events announce. */
async function storedAndAnnounced(runtime: Runtime, org: BootstrappedOrganization) {
  const { db } = runtime.database;
  const orgId = org.organization.id;
  const rows = await db.selectFrom('feedback').select('id').where('org_id', '=', orgId).execute();
  const events = await db.selectFrom('outbox').select('payload').where('org_id', '=', orgId).execute();
  return {
    stored: rows.map((row) => row.id).sort(),
    announced: events.map((event) => (JSON.parse(event.payload) as { id: string }).id),
  };
}

// Two processes on one database only happen on PostgreSQL.
if (dialectsUnderTest().includes('postgres')) {
  describe('/collect retries that reach another process while their originals commit [postgres]', () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      // A window long enough that submissions sent together share one batch, also on a busy
      // machine: at 50 ms a newcomer's full run once split them (the first submission of a new
      // organization reads its key, inbox and plan first), and the deadlock test met evt-a
      // committed where it expected it waiting. Each test waits out the window once or twice.
      const opened = await openTestRuntime('postgres', { commitWindowMs: 1_000 });
      runtime = opened.runtime;
      cleanup = opened.cleanup;
    });

    afterEach(async () => {
      await cleanup();
    });

    for (const plan of ['enterprise', 'starter'] as const) {
      const path = plan === 'enterprise' ? 'one statement' : 'transaction of a capped plan';
      it(`answers with the original's id and fails nothing else in its batch (${path})`, async () => {
        const org = await runtime.services.organizations.bootstrap({ name: 'Retried', plan });
        const other = await anotherProcessCommitting(runtime, org);
        try {
          const originalId = await other.insert('evt-1');

          const answers = Promise.all([postThumb(runtime, org, { eventId: 'evt-1' }), postThumb(runtime, org)]);
          try {
            await within(other.waitedFor(), 5_000, 'the retry never waited for its original');
          } finally {
            await other.commit();
          }
          const [retry, unrelated] = await answers;

          expect(retry).toEqual({ status: 201, body: { id: originalId, success: true } });
          expect(unrelated.status).toBe(201);
          // Only the unrelated submission was new: one event announced, one counted.
          expect(await storedAndAnnounced(runtime, org)).toEqual({
            stored: [originalId, unrelated.body.id].sort(),
            announced: [unrelated.body.id],
          });
          await runtime.services.collect.drain();
          expect(await runtime.store.usage.read(org.organization.id, usagePeriod())).toMatchObject({ events: 1 });
        } finally {
          await other.close();
        }
      });
    }

    it('answers both retries when their batch and the other process deadlock on their two keys', async () => {
      const org = await runtime.services.organizations.bootstrap({ name: 'Crossed', plan: 'enterprise' });
      const other = await anotherProcessCommitting(runtime, org);
      try {
        const secondId = await other.insert('evt-b');

        // One batch: evt-a is inserted, then the statement waits for the other process's evt-b.
        const answers = Promise.all([
          postThumb(runtime, org, { eventId: 'evt-a' }),
          postThumb(runtime, org, { eventId: 'evt-b' }),
        ]);
        await within(other.waitedFor(), 5_000, 'the batch never waited for the other process');
        // The other process now wants evt-a: each waits for the other. PostgreSQL aborts the batch's
        // statement, which has waited longer (deadlock_timeout, 1 s; 10 s for the other), and the
        // other goes on.
        const firstId = await within(other.insert('evt-a'), 10_000, 'the deadlock was not broken');
        await other.commit();
        const [first, second] = await answers;

        expect(first).toEqual({ status: 201, body: { id: firstId, success: true } });
        expect(second).toEqual({ status: 201, body: { id: secondId, success: true } });
        expect(await storedAndAnnounced(runtime, org)).toEqual({ stored: [firstId, secondId].sort(), announced: [] });
      } finally {
        await other.close();
      }
    });
  });
}
