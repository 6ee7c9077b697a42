import { type Selectable, sql } from 'kysely';
import type { DialectAdapter } from '../dialect.js';
import type { AutomationsTable, WebhookAttemptsTable, WebhookDeliveriesTable } from '../schema.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';
import type { StreamPosition } from './outbox.js';

export type DeliveryStatus = 'pending' | 'delivering' | 'succeeded' | 'failed';
export type AutomationRow = Selectable<AutomationsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

/** What the fan-out writes for one automation and one event. */
export type NewDelivery = Pick<
  WebhookDeliveriesTable,
  'id' | 'org_id' | 'automation_id' | 'event_id' | 'event_type' | 'event_position' | 'event_timestamp' | 'payload'
>;

/** A delivery a worker holds under `lease_token` until `leased_until`, with its automation. */
export interface ClaimedDelivery {
  delivery: DeliveryRow;
  automation: AutomationRow;
}

/** How a finished attempt leaves the delivery and its automation (see retry-policy.ts). */
export interface AttemptResult {
  attempt: Omit<WebhookAttemptsTable, 'delivery_id' | 'number'>;
  status: Exclude<DeliveryStatus, 'delivering'>;
  nextAttemptAt: string | null;
  automation: { failingSince: string | null; disabledReason: string | null };
}

// Sorts after every position key: digits and '.' only.
const AFTER_EVERY_POSITION = '~';
const POSITION_DIGITS = 20;

/**
 * The outbox position of an event as text that sorts in log order on both dialects
 * (transaction id, then seq, zero-padded), so one automation's deliveries keep event order.
 *
 * @example
 * deliveryOrderKey({ tx: '0', seq: 42 }); // '00000000000000000000.00000000000000000042'
 */
export function deliveryOrderKey(position: StreamPosition): string {
  return `${position.tx.padStart(POSITION_DIGITS, '0')}.${String(position.seq).padStart(POSITION_DIGITS, '0')}`;
}

/**
 * Webhook deliveries and their attempts (migration 0012). Claims and records are relay-like
 * writes: losing one to power failure only sends an event again, which at-least-once allows, so on
 * SQLite they commit without an fsync of their own.
 */
export function webhookDeliveriesRepository(db: Executor, dialect: DialectAdapter) {
  /** Runs `work` in a transaction of its own (or the caller's), without its own fsync on SQLite. */
  const unsyncedTransaction = <T>(work: (trx: Executor) => Promise<T>) =>
    dialect.unsynced(db, (connection) =>
      connection.isTransaction ? work(connection) : connection.transaction().execute(work),
    );

  async function find(automationId: string, deliveryId: string): Promise<DeliveryRow | undefined> {
    return db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where('automation_id', '=', automationId)
      .where('id', '=', deliveryId)
      .executeTakeFirst();
  }

  return {
    /** The organization's enabled automations: who may want an event. */
    async enabledAutomationsOf(orgId: string): Promise<AutomationRow[]> {
      return db.selectFrom('automations').selectAll().where('org_id', '=', orgId).where('enabled', '=', 1).execute();
    },

    /**
     * Queues deliveries; one already queued for the same automation and event stays as it is, so
     * an event handed to the fan-out twice (at-least-once) still makes one delivery.
     */
    async enqueue(deliveries: NewDelivery[], now: string): Promise<void> {
      if (deliveries.length === 0) return;
      const rows = deliveries.map((delivery) => ({
        ...delivery,
        status: 'pending' satisfies DeliveryStatus,
        attempts: 0,
        round_attempts: 0,
        next_attempt_at: now,
        leased_until: null,
        lease_token: null,
        last_outcome: null,
        last_status_code: null,
        created_at: now,
        updated_at: now,
      }));
      await dialect.unsynced(db, (executor) =>
        executor
          .insertInto('webhook_deliveries')
          .values(rows)
          .onConflict((conflict) => conflict.columns(['automation_id', 'event_id']).doNothing())
          .execute(),
      );
    },

    /**
     * Enabled automations with a delivery due at `now` (up to `limit`), other than `busy`: where a
     * worker may claim.
     */
    async automationsWithDueWork(now: string, busy: readonly string[], limit: number): Promise<string[]> {
      let query = db
        .selectFrom('automations')
        .select('automations.id')
        .where('automations.enabled', '=', 1)
        .where(({ exists, or, selectFrom }) =>
          or([
            exists(
              selectFrom('webhook_deliveries')
                .select('webhook_deliveries.id')
                .whereRef('webhook_deliveries.automation_id', '=', 'automations.id')
                .where('webhook_deliveries.status', '=', 'pending')
                .where('webhook_deliveries.next_attempt_at', '<=', now),
            ),
            exists(
              selectFrom('webhook_deliveries')
                .select('webhook_deliveries.id')
                .whereRef('webhook_deliveries.automation_id', '=', 'automations.id')
                .where('webhook_deliveries.status', '=', 'delivering')
                .where('webhook_deliveries.leased_until', '<', now),
            ),
          ]),
        );
      if (busy.length > 0) query = query.where('automations.id', 'not in', busy);
      const rows = await query.limit(limit).execute();
      return rows.map((row) => row.id);
    },

    /**
     * Takes the automation's next delivery for one attempt, until `leasedUntil`, or null: none is
     * due, the automation is disabled or gone, one of its deliveries is already in flight, or
     * another worker holds the automation right now. The next delivery is the earliest in event
     * order that is due and not behind a delivery that has not failed yet (see README).
     */
    async claimNext(automationId: string, now: string, leasedUntil: string, token: string) {
      return unsyncedTransaction(async (trx): Promise<ClaimedDelivery | null> => {
        // Every claimer locks the automation first: while one holds it, no other can see the same
        // "nothing in flight" and start a second delivery of it (PostgreSQL; SQLite has one writer).
        const automation = await trx
          .selectFrom('automations')
          .selectAll()
          .where('id', '=', automationId)
          .where('enabled', '=', 1)
          .$call((query) => dialect.forUpdateSkipLocked(query))
          .executeTakeFirst();
        if (!automation) return null;
        const inFlight = await trx
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('automation_id', '=', automationId)
          .where('status', '=', 'delivering')
          .where('leased_until', '>=', now)
          .executeTakeFirst();
        if (inFlight) return null;
        const firstUnfailed = trx
          .selectFrom('webhook_deliveries')
          .select((eb) => eb.fn.min('event_position').as('position'))
          .where('automation_id', '=', automationId)
          .where('status', 'in', ['pending', 'delivering'])
          .where('last_outcome', 'is', null);
        const next = trx
          .selectFrom('webhook_deliveries')
          .select('id')
          .where('automation_id', '=', automationId)
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
              eb.and([eb('status', '=', 'delivering'), eb('leased_until', '<', now)]),
            ]),
          )
          .where('event_position', '<=', sql<string>`coalesce((${firstUnfailed}), ${AFTER_EVERY_POSITION})`)
          .orderBy('event_position')
          .limit(1);
        const delivery = await trx
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            status: 'delivering' satisfies DeliveryStatus,
            leased_until: leasedUntil,
            lease_token: token,
            attempts: eb('attempts', '+', 1),
            round_attempts: eb('round_attempts', '+', 1),
            updated_at: now,
          }))
          .where('id', '=', (eb) => eb.selectFrom(next.as('next')).select('next.id'))
          .returningAll()
          .executeTakeFirst();
        return delivery ? { delivery, automation } : null;
      });
    },

    /**
     * Records a finished attempt of a claimed delivery and applies its result to the delivery and
     * the automation, in one transaction. False (nothing written) when the lease was lost: the
     * delivery went to another worker, whose attempt counts instead.
     */
    async recordAttempt(claim: ClaimedDelivery, result: AttemptResult, now: string): Promise<boolean> {
      const { delivery } = claim;
      return unsyncedTransaction(async (trx) => {
        const updated = await trx
          .updateTable('webhook_deliveries')
          .set({
            status: result.status,
            next_attempt_at: result.nextAttemptAt,
            leased_until: null,
            lease_token: null,
            last_outcome: result.attempt.outcome,
            last_status_code: result.attempt.status_code,
            updated_at: now,
          })
          .where('id', '=', delivery.id)
          .where('lease_token', '=', delivery.lease_token)
          .executeTakeFirst();
        if (Number(updated.numUpdatedRows) === 0) return false;
        await trx
          .insertInto('webhook_attempts')
          .values({ ...result.attempt, delivery_id: delivery.id, number: delivery.attempts })
          .execute();
        const { failingSince, disabledReason } = result.automation;
        await trx
          .updateTable('automations')
          .set({
            failing_since: failingSince,
            ...(disabledReason !== null && { enabled: 0, disabled_reason: disabledReason, updated_at: now }),
          })
          .where('id', '=', delivery.automation_id)
          .execute();
        return true;
      });
    },

    /**
     * Hands back claimed deliveries a stopping worker did not finish: due again at once for any
     * worker, the attempt their claim counted undone.
     */
    async release(claims: readonly ClaimedDelivery[], now: string): Promise<void> {
      for (const { delivery } of claims) {
        await dialect.unsynced(db, (executor) =>
          executor
            .updateTable('webhook_deliveries')
            .set((eb) => ({
              status: 'pending' satisfies DeliveryStatus,
              next_attempt_at: now,
              leased_until: null,
              lease_token: null,
              attempts: eb('attempts', '-', 1),
              round_attempts: eb('round_attempts', '-', 1),
              updated_at: now,
            }))
            .where('id', '=', delivery.id)
            .where('lease_token', '=', delivery.lease_token)
            .execute(),
        );
      }
    },

    /** When the next pending delivery of an enabled automation is due (ISO time), or null. */
    async nextDueAt(): Promise<string | null> {
      const row = await db
        .selectFrom('webhook_deliveries')
        .innerJoin('automations', 'automations.id', 'webhook_deliveries.automation_id')
        .select((eb) => eb.fn.min('webhook_deliveries.next_attempt_at').as('due'))
        .where('webhook_deliveries.status', '=', 'pending')
        .where('automations.enabled', '=', 1)
        .executeTakeFirst();
      return row?.due ?? null;
    },

    /** The automation of the organization, if it exists. */
    async findAutomation(orgId: string, automationId: string): Promise<AutomationRow | undefined> {
      return db
        .selectFrom('automations')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('id', '=', automationId)
        .executeTakeFirst();
    },

    find,

    /** A page of the automation's deliveries, newest first, keyed by id. */
    async list(automationId: string, page: { limit: number; before: string | null }) {
      let query = db.selectFrom('webhook_deliveries').selectAll().where('automation_id', '=', automationId);
      if (page.before) query = query.where('id', '<', page.before);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(page.limit + 1)
        .execute();
      return pageOf(rows, page.limit);
    },

    /** The attempts of these deliveries, oldest first. */
    async attemptsOf(deliveryIds: readonly string[]): Promise<AttemptRow[]> {
      if (deliveryIds.length === 0) return [];
      return db
        .selectFrom('webhook_attempts')
        .selectAll()
        .where('delivery_id', 'in', deliveryIds)
        .orderBy('delivery_id')
        .orderBy('number')
        .execute();
    },

    /**
     * Queues a delivery for a new attempt now, on a fresh retry schedule; one in flight is left
     * to finish. Returns the delivery as it is afterwards.
     */
    async requeue(automationId: string, deliveryId: string, now: string): Promise<DeliveryRow | undefined> {
      await db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: now, round_attempts: 0, updated_at: now })
        .where('automation_id', '=', automationId)
        .where('id', '=', deliveryId)
        .where('status', '!=', 'delivering')
        .execute();
      return find(automationId, deliveryId);
    },

    /** Queues every failed delivery of the automation created at or after `since`; returns how many. */
    async requeueFailed(automationId: string, since: string | null, now: string): Promise<number> {
      let query = db
        .updateTable('webhook_deliveries')
        .set({ status: 'pending', next_attempt_at: now, round_attempts: 0, updated_at: now })
        .where('automation_id', '=', automationId)
        .where('status', '=', 'failed');
      if (since) query = query.where('created_at', '>=', since);
      const result = await query.executeTakeFirst();
      return Number(result.numUpdatedRows);
    },
  };
}

export type WebhookDeliveriesRepository = ReturnType<typeof webhookDeliveriesRepository>;
