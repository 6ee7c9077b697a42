import { CompiledQuery } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectJson, expectProblem } from '../../test/support/api-assertions.js';
import { insertAutomation } from '../../test/support/automations.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from '../../test/support/harness.js';
import type { DeliveryStatus } from '../domain/webhook-delivery.js';
import { newId } from '../lib/ids.js';
import type { Runtime } from '../runtime.js';
import { isFinished } from '../storage/repositories/webhook-deliveries.js';
import { Housekeeping } from './housekeeping.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Not the default (30 days): the runtime's housekeeping must have been handed the configured value. */
const RETENTION_DAYS = 10;

/** How a delivery stands, as the worker and redelivery leave it. */
interface DeliveryState {
  status: DeliveryStatus;
  /** Days since its last activity (`updated_at`). */
  idleDays: number;
  /** Days since it was made; its idle time unless given. */
  ageDays?: number;
  attempts?: number;
  lastOutcome?: string | null;
  nextAttemptAt?: string | null;
  leasedUntil?: string | null;
}

/**
 * Housekeeping's retention of webhook deliveries, on both databases: finished deliveries idle past
 * `HEARBACK_WEBHOOK_DELIVERY_RETENTION_DAYS` go with their attempts; unfinished ones stay, however old.
 */
for (const dialect of dialectsUnderTest()) {
  describe(`Housekeeping of webhook deliveries [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let now: Date;

    beforeEach(async () => {
      const opened = await openTestRuntime(dialect, { webhookDeliveryRetentionMs: RETENTION_DAYS * DAY_MS });
      runtime = opened.runtime;
      cleanup = opened.cleanup;
      now = new Date();
    });

    afterEach(() => cleanup());

    const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS).toISOString();

    /** An organization with an enabled automation (its receiver is never called here). */
    async function organizationWithAutomation(name: string) {
      const org = await runtime.services.organizations.bootstrap({ name });
      const automation = await insertAutomation(runtime, org.organization.id, 'https://hooks.example.com/hearback');
      return { org, automationId: automation.id };
    }

    /** Writes a delivery in `state` with its attempts, as the pipeline would have; returns its id. */
    async function deliveryIn(orgId: string, automationId: string, state: DeliveryState): Promise<string> {
      const id = newId('delivery');
      const eventId = newId('event');
      const attempts = state.attempts ?? (state.status === 'pending' ? 0 : 1);
      const createdAt = daysAgo(state.ageDays ?? state.idleDays);
      await runtime.database.db
        .insertInto('webhook_deliveries')
        .values({
          id,
          org_id: orgId,
          automation_id: automationId,
          event_id: eventId,
          event_type: 'feedback.created',
          event_position: `${String(Math.floor(Math.random() * 1e9)).padStart(20, '0')}.${'0'.repeat(20)}`,
          event_timestamp: createdAt,
          payload: JSON.stringify({ id: newId('feedback'), comment: 'what it sent' }),
          status: state.status,
          attempts,
          round_attempts: attempts,
          next_attempt_at: state.nextAttemptAt ?? null,
          leased_until: state.leasedUntil ?? null,
          lease_token: state.leasedUntil ? 'lease' : null,
          last_outcome: state.lastOutcome === undefined ? (attempts > 0 ? 'response' : null) : state.lastOutcome,
          last_status_code: attempts > 0 ? 200 : null,
          created_at: createdAt,
          updated_at: daysAgo(state.idleDays),
        })
        .execute();
      for (let number = 1; number <= attempts; number++) {
        await runtime.database.db
          .insertInto('webhook_attempts')
          .values({
            delivery_id: id,
            number,
            attempted_at: daysAgo(state.idleDays),
            outcome: 'response',
            status_code: 200,
            latency_ms: 12,
            error: null,
            response_excerpt: 'ok',
          })
          .execute();
      }
      return id;
    }

    async function remainingDeliveries(): Promise<Set<string>> {
      const rows = await runtime.database.db.selectFrom('webhook_deliveries').select('id').execute();
      return new Set(rows.map((row) => row.id));
    }

    async function attemptsOf(deliveryIds: readonly string[]): Promise<number> {
      const rows = await runtime.database.db
        .selectFrom('webhook_attempts')
        .select('delivery_id')
        .where('delivery_id', 'in', [...deliveryIds])
        .execute();
      return rows.length;
    }

    it('deletes finished deliveries idle past the configured retention with their attempts, in every organization, and keeps the rest', async () => {
      const a = await organizationWithAutomation('Acme');
      const b = await organizationWithAutomation('Globex');
      const old = RETENTION_DAYS + 1;
      const gone: string[] = [];
      const kept: string[] = [];
      for (const { org, automationId } of [a, b]) {
        const orgId = org.organization.id;
        gone.push(
          await deliveryIn(orgId, automationId, { status: 'succeeded', idleDays: old, attempts: 2 }),
          // Retries exhausted, or an answer not worth retrying.
          await deliveryIn(orgId, automationId, { status: 'failed', idleDays: old, attempts: 3 }),
        );
        kept.push(
          await deliveryIn(orgId, automationId, { status: 'succeeded', idleDays: RETENTION_DAYS - 1 }),
          // Made long ago, but redelivered recently: its last activity counts, not its age.
          await deliveryIn(orgId, automationId, { status: 'failed', idleDays: 1, ageDays: old * 3, attempts: 4 }),
          // Still waiting for its first attempt (its automation was disabled for weeks, say).
          await deliveryIn(orgId, automationId, { status: 'pending', idleDays: old }),
          // Failed an attempt and waits for its retry.
          await deliveryIn(orgId, automationId, {
            status: 'pending',
            idleDays: old,
            attempts: 1,
            lastOutcome: 'timeout',
            nextAttemptAt: new Date(now.getTime() + 3600_000).toISOString(),
          }),
          // Claimed by a worker, its attempt in flight.
          await deliveryIn(orgId, automationId, {
            status: 'delivering',
            idleDays: old,
            leasedUntil: new Date(now.getTime() + 60_000).toISOString(),
          }),
        );
      }
      const keptAttempts = await attemptsOf(kept);

      expect((await runtime.housekeeping.pruneOnce(now)).deliveries).toBe(gone.length);

      const remaining = await remainingDeliveries();
      for (const id of gone) expect(remaining.has(id), `${id} deleted`).toBe(false);
      for (const id of kept) expect(remaining.has(id), `${id} kept`).toBe(true);
      expect(await attemptsOf(gone)).toBe(0);
      expect(await attemptsOf(kept)).toBe(keptAttempts);
      expect((await runtime.housekeeping.pruneOnce(now)).deliveries).toBe(0);
    });

    it('deletes a large backlog a batch at a time', async () => {
      const { org, automationId } = await organizationWithAutomation('Acme');
      const statuses: DeliveryStatus[] = ['succeeded', 'failed'];
      for (let index = 0; index < 7; index++) {
        await deliveryIn(org.organization.id, automationId, {
          status: statuses[index % 2] as DeliveryStatus,
          idleDays: 40,
        });
      }
      const recent = await deliveryIn(org.organization.id, automationId, { status: 'succeeded', idleDays: 2 });
      const pruner = new Housekeeping({
        store: runtime.store,
        retentionMs: 7 * DAY_MS,
        deliveryRetentionMs: 30 * DAY_MS,
        batchSize: 3,
      });

      expect((await pruner.pruneOnce(now)).deliveries).toBe(7);
      expect([...(await remainingDeliveries())]).toEqual([recent]);
    });

    it('answers for a pruned delivery as for one that never existed: gone from the log, 404 on redelivery', async () => {
      const { org, automationId } = await organizationWithAutomation('Acme');
      const orgId = org.organization.id;
      const pruned = await deliveryIn(orgId, automationId, { status: 'failed', idleDays: RETENTION_DAYS + 1 });
      const automationPath = `/organizations/${orgId}/automations/${automationId}`;
      await runtime.housekeeping.pruneOnce(now);

      const log = await expectJson<{ data: { id: string }[] }>(
        await requestApp(runtime, `${automationPath}/deliveries`, { key: org.adminKey }),
        200,
      );
      expect(log.data).toEqual([]);
      const problem = await expectProblem(
        await requestApp(runtime, `${automationPath}/deliveries/${pruned}/redeliver`, {
          method: 'POST',
          key: org.adminKey,
        }),
        404,
        'not_found',
      );
      expect(problem.detail).toBe(`Delivery ${pruned} was not found.`);
      // The automation's health shows no delivery rather than one that is gone.
      const automation = await expectJson<{ lastDelivery: unknown }>(
        await requestApp(runtime, automationPath, { key: org.adminKey }),
        200,
      );
      expect(automation.lastDelivery).toBeNull();
      expect(
        await expectJson(
          await requestApp(runtime, `${automationPath}/redeliver-failed`, { method: 'POST', key: org.adminKey }),
          202,
        ),
      ).toEqual({ queued: 0 });
    });
  });
}

describe('the prune of finished deliveries, as SQLite plans it', () => {
  it('reads the partial index of finished deliveries (migration 0023), not the whole log', async () => {
    const { runtime, cleanup } = await openTestRuntime('sqlite');
    try {
      // The rows a prune batch picks (pruneFinishedBefore), with its own `status in (…)` term: SQLite
      // uses a partial index only for a term that reads like the index's (the statuses, in order).
      const batch = runtime.database.db
        .selectFrom('webhook_deliveries')
        .select('id')
        .where(isFinished)
        .where('updated_at', '<', new Date().toISOString())
        .orderBy('updated_at')
        .limit(1000)
        .compile();
      const plan = await runtime.database.db.executeQuery<{ detail: string }>(
        CompiledQuery.raw(`explain query plan ${batch.sql}`, [...batch.parameters]),
      );
      expect(plan.rows.map((row) => row.detail).join('\n')).toContain('webhook_deliveries_finished_idx');
    } finally {
      await cleanup();
    }
  });
});
