import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { nowIso, usagePeriod } from '../src/lib/time.js';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { toFeedbackRow } from '../src/storage/repositories/feedback.js';
import { postThumb } from './support/api-assertions.js';
import { deferred, within } from './support/async.js';
import { dialectsUnderTest, openTestRuntime } from './support/harness.js';

/**
 * Another server process in the middle of committing the original of a retry: its row with
 * `eventId` is inserted, not yet committed, until `commit()`.
 */
async function originalBeingCommitted(runtime: Runtime, org: BootstrappedOrganization, eventId: string) {
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
    idempotencyKey: eventId,
    createdAt: now,
    updatedAt: now,
  });
  const inserted = deferred<number>();
  const release = deferred();
  const committed = runtime.database.db.transaction().execute(async (trx) => {
    await trx.insertInto('feedback').values(row).execute();
    const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(trx);
    inserted.resolve(rows[0]?.pid as number);
    await release.promise;
  });
  const pid = await inserted.promise;
  return {
    id: row.id,
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
    async commit() {
      release.resolve();
      await committed;
    },
  };
}

// Two processes on one database only happen on PostgreSQL.
if (dialectsUnderTest().includes('postgres')) {
  describe('a /collect retry that reaches another process while its original commits [postgres]', () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;

    beforeEach(async () => {
      // A window long enough that the retry and an unrelated submission share one batch.
      const opened = await openTestRuntime('postgres', { commitWindowMs: 50 });
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
        const original = await originalBeingCommitted(runtime, org, 'evt-1');

        const answers = Promise.all([postThumb(runtime, org, { eventId: 'evt-1' }), postThumb(runtime, org)]);
        try {
          await within(original.waitedFor(), 5_000, 'the retry never waited for its original');
        } finally {
          await original.commit();
        }
        const [retry, unrelated] = await answers;

        expect(retry).toEqual({ status: 201, body: { id: original.id, success: true } });
        expect(unrelated.status).toBe(201);
        const orgId = org.organization.id;
        const stored = await runtime.database.db
          .selectFrom('feedback')
          .select('id')
          .where('org_id', '=', orgId)
          .execute();
        expect(stored.map((row) => row.id).sort()).toEqual([original.id, unrelated.body.id].sort());
        // Only the unrelated submission was new: one event announced, one counted.
        const events = await runtime.database.db
          .selectFrom('outbox')
          .select('payload')
          .where('org_id', '=', orgId)
          .execute();
        expect(events.map((event) => (JSON.parse(event.payload) as { id: string }).id)).toEqual([unrelated.body.id]);
        await runtime.services.collect.drain();
        expect(await runtime.store.usage.read(orgId, usagePeriod())).toMatchObject({ events: 1 });
      });
    }
  });
}
