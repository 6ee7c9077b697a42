import { type Expression, type Selectable, type SqlBool, sql } from 'kysely';
import type { AutomationDisabledReason } from '../../domain/automation.js';
import { type DeliveryStatus, FINISHED_DELIVERY_STATUSES } from '../../domain/webhook-delivery.js';
import type { DialectAdapter } from '../dialect.js';
import type { AutomationsTable, WebhookAttemptsTable, WebhookDeliveriesTable } from '../schema.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';
import type { StreamPosition } from './outbox.js';

export type AutomationRow = Selectable<AutomationsTable>;
export type DeliveryRow = Selectable<WebhookDeliveriesTable>;
export type AttemptRow = Selectable<WebhookAttemptsTable>;

/** What the fan-out writes for one automation and one event. */
export type NewDelivery = Pick<
  WebhookDeliveriesTable,
  'id' | 'org_id' | 'automation_id' | 'event_id' | 'event_type' | 'event_position' | 'event_timestamp' | 'payload'
>;

/** Consecutive deliveries of one automation a worker holds, in event order, to send one at a time. */
export interface ClaimedBatch {
  automation: AutomationRow;
  deliveries: DeliveryRow[];
}

/** How a finished attempt leaves the delivery and its automation (see retry-policy.ts). */
export interface AttemptResult {
  attempt: Omit<WebhookAttemptsTable, 'delivery_id' | 'number'>;
  status: Exclude<DeliveryStatus, 'delivering'>;
  nextAttemptAt: string | null;
  automation: { failingSince: string | null; disabledReason: AutomationDisabledReason | null };
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
 * `status in ('succeeded', 'failed')` with the statuses as literals, not parameters: SQLite uses the
 * partial index of finished deliveries (migration 0023) only for a term that reads like its own
 * (a test holds the prune's query plan to it).
 */
export const isFinished: Expression<SqlBool> = sql<SqlBool>`status in (${sql.join(FINISHED_DELIVERY_STATUSES.map((status) => sql.lit(status)))})`;

/** The row earliest in event order, if any. */
function earliest<T extends { event_position: string }>(rows: (T | undefined)[]): T | undefined {
  let first: T | undefined;
  for (const row of rows) if (row && (!first || row.event_position < first.event_position)) first = row;
  return first;
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
     * Takes the automation's next deliveries (up to `limit`, in event order) for one attempt each,
     * until `leasedUntil`, or null: none is due, the automation is disabled or gone, one of its
     * deliveries is already in flight, or another worker holds the automation right now. The next
     * delivery is the earliest in event order that is due and not behind a delivery that has not
     * failed yet (see README); the others are the due pending ones after it.
     */
    async claimNext(automationId: string, now: string, leasedUntil: string, token: string, limit = 1) {
      return unsyncedTransaction(async (trx): Promise<ClaimedBatch | null> => {
        // Every claimer locks the automation first: while one holds it, no other can see the same
        // "nothing in flight" and start a second delivery of it. A write that changes nothing
        // rather than a locking read: on SQLite it makes this a write transaction from its first
        // statement, which waits for another process's instead of failing to upgrade later.
        const automation = await trx
          .updateTable('automations')
          .set((eb) => ({ updated_at: eb.ref('updated_at') }))
          .where('id', '=', automationId)
          .where('enabled', '=', 1)
          .returningAll()
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
        // Each read walks one index range from its start (a single query with OR and IN did not).
        const firstUnfailed = (status: DeliveryStatus) =>
          trx
            .selectFrom('webhook_deliveries')
            .select('event_position')
            .where('automation_id', '=', automationId)
            .where('status', '=', status)
            .where('last_outcome', 'is', null)
            .orderBy('event_position')
            .limit(1)
            .executeTakeFirst();
        const unfailed = [await firstUnfailed('pending'), await firstUnfailed('delivering')];
        const upTo = earliest(unfailed)?.event_position ?? AFTER_EVERY_POSITION;
        const firstDue = (status: DeliveryStatus, column: 'next_attempt_at' | 'leased_until', op: '<=' | '<') =>
          trx
            .selectFrom('webhook_deliveries')
            .select(['id', 'event_position'])
            .where('automation_id', '=', automationId)
            .where('status', '=', status)
            .where('event_position', '<=', upTo)
            .where(column, op, now)
            .orderBy('event_position')
            .limit(1)
            .executeTakeFirst();
        // Pending and due, or delivering under a lease that ran out (its worker died).
        const candidates = [
          await firstDue('pending', 'next_attempt_at', '<='),
          await firstDue('delivering', 'leased_until', '<'),
        ];
        const next = earliest(candidates);
        if (!next) return null;
        const following =
          limit > 1
            ? await trx
                .selectFrom('webhook_deliveries')
                .select('id')
                .where('automation_id', '=', automationId)
                .where('status', '=', 'pending')
                .where('event_position', '>', next.event_position)
                .where('next_attempt_at', '<=', now)
                .orderBy('event_position')
                .limit(limit - 1)
                .execute()
            : [];
        const deliveries = await trx
          .updateTable('webhook_deliveries')
          .set((eb) => ({
            status: 'delivering' satisfies DeliveryStatus,
            leased_until: leasedUntil,
            lease_token: token,
            attempts: eb('attempts', '+', 1),
            round_attempts: eb('round_attempts', '+', 1),
            updated_at: now,
          }))
          .where('id', 'in', [next.id, ...following.map((row) => row.id)])
          .where((eb) =>
            eb.or([
              eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
              eb.and([eb('status', '=', 'delivering'), eb('leased_until', '<', now)]),
            ]),
          )
          .returningAll()
          .execute();
        if (deliveries.length === 0) return null;
        deliveries.sort((a, b) => (a.event_position < b.event_position ? -1 : 1));
        return { automation, deliveries };
      });
    },

    /**
     * Records finished attempts of claimed deliveries of one automation (oldest first) and applies
     * their results to the deliveries and, the last one's, to the automation, in one transaction.
     * Returns the ids recorded: not those whose lease was lost (the delivery went to another
     * worker, whose attempt counts instead).
     */
    async recordAttempts(
      automationId: string,
      attempts: readonly { delivery: DeliveryRow; result: AttemptResult }[],
      now: string,
    ): Promise<Set<string>> {
      const recorded = new Set<string>();
      const last = attempts.at(-1);
      if (!last) return recorded;
      return unsyncedTransaction(async (trx) => {
        for (const { delivery, result } of attempts) {
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
          if (Number(updated.numUpdatedRows) === 0) continue;
          recorded.add(delivery.id);
          await trx
            .insertInto('webhook_attempts')
            .values({ ...result.attempt, delivery_id: delivery.id, number: delivery.attempts })
            .execute();
        }
        const disabledReason = attempts.find(({ result }) => result.automation.disabledReason !== null)?.result
          .automation.disabledReason;
        await trx
          .updateTable('automations')
          .set({
            failing_since: last.result.automation.failingSince,
            ...(disabledReason && { enabled: 0, disabled_reason: disabledReason, updated_at: now }),
          })
          .where('id', '=', automationId)
          .execute();
        return recorded;
      });
    },

    /**
     * Hands back claimed deliveries a stopping worker did not finish: due again at once for any
     * worker, the attempt their claim counted undone.
     */
    async release(deliveries: readonly DeliveryRow[], now: string): Promise<void> {
      for (const delivery of deliveries) {
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
    async list(automationId: string, page: { limit: number; before: string | null }, status?: DeliveryStatus) {
      let query = db.selectFrom('webhook_deliveries').selectAll().where('automation_id', '=', automationId);
      if (status) query = query.where('status', '=', status);
      if (page.before) query = query.where('id', '<', page.before);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(page.limit + 1)
        .execute();
      return pageOf(rows, page.limit);
    },

    /**
     * The newest delivery of each of these automations (those without one are absent). One index
     * seek per automation (`max(id)` on the log index), whatever the size of the log.
     */
    async newestOf(automationIds: readonly string[]): Promise<DeliveryRow[]> {
      if (automationIds.length === 0) return [];
      return db
        .selectFrom('webhook_deliveries')
        .selectAll()
        .where('id', 'in', (eb) =>
          eb
            .selectFrom('automations')
            .select((inner) =>
              inner
                .selectFrom('webhook_deliveries as newest')
                .select((agg) => agg.fn.max('newest.id').as('id'))
                .whereRef('newest.automation_id', '=', 'automations.id')
                .as('id'),
            )
            .where('automations.id', 'in', automationIds),
        )
        .execute();
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

    /**
     * Deletes up to `limit` finished deliveries (succeeded, or failed for good) of every organization
     * whose last activity (`updated_at`: the last attempt recorded, or redelivery) is before `before`,
     * least recently active first, with their attempts (the foreign key cascades); returns how many.
     * Pending and in-flight deliveries are never deleted, however old. The outer conditions repeat the
     * inner ones: on PostgreSQL a delivery redelivered between the two reads is re-checked as it is
     * now, and kept.
     */
    async pruneFinishedBefore(before: string, limit: number): Promise<number> {
      const result = await dialect.unsynced(db, (executor) =>
        executor
          .deleteFrom('webhook_deliveries')
          .where('id', 'in', (eb) =>
            eb
              .selectFrom('webhook_deliveries')
              .select('id')
              .where(isFinished)
              .where('updated_at', '<', before)
              .orderBy('updated_at')
              .limit(limit),
          )
          .where(isFinished)
          .where('updated_at', '<', before)
          .executeTakeFirst(),
      );
      return Number(result.numDeletedRows);
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
