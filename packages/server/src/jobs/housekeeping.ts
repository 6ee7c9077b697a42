import { oldestStartableVisitDay } from '../services/page-visits.js';
import type { Store } from '../storage/store.js';

export interface HousekeepingOptions {
  store: Store;
  /** How long an event is kept (for inspection and late consumers) once every consumer has read it. */
  retentionMs: number;
  /**
   * How long a finished webhook delivery (succeeded, or failed for good) is kept after its last
   * activity, for the delivery log and redelivery; the data it sent goes with it.
   */
  deliveryRetentionMs: number;
  /** Time between prunes; the first runs one interval after start. Default: one hour. */
  intervalMs?: number;
  /** Rows per delete statement: keeps each write (and its lock) short on a large backlog. */
  batchSize?: number;
  onError?: (error: unknown) => void;
}

const DEFAULT_INTERVAL_MS = 60 * 60 * 1000;
const DEFAULT_BATCH_SIZE = 1000;

/**
 * Deletes what has served its purpose, so tables hold a bounded window rather than everything ever
 * written: outbox events past their retention that every consumer has read, finished webhook deliveries
 * (and their attempts) idle past theirs, expired idempotency records, spent captcha challenges past their
 * expiry, feedback pages' started visits too old to start again. Several
 * processes may do it on one PostgreSQL database: deleting an already deleted row is a no-op.
 *
 * @example
 * const day = 24 * 3600_000;
 * const housekeeping = new Housekeeping({ store, retentionMs: 7 * day, deliveryRetentionMs: 30 * day });
 * housekeeping.start();
 */
export class Housekeeping {
  private timer: NodeJS.Timeout | null = null;
  private active: Promise<unknown> | null = null;

  constructor(private readonly options: HousekeepingOptions) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => void this.runInBackground(), this.options.intervalMs ?? DEFAULT_INTERVAL_MS);
    // Housekeeping must never keep a process (a CLI command, a test) alive.
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.active?.catch(() => undefined);
  }

  /**
   * One round: returns how many outbox events, webhook deliveries, idempotency records, spent captcha
   * challenges and started visits it deleted.
   */
  async pruneOnce(now = new Date()): Promise<{
    events: number;
    deliveries: number;
    idempotencyRecords: number;
    spentChallenges: number;
    startedVisits: number;
  }> {
    return {
      events: await this.pruneEvents(now),
      deliveries: await this.pruneDeliveries(now),
      idempotencyRecords: await this.options.store.idempotency.pruneExpired(now.toISOString()),
      // An expired challenge fails verification by itself: its spent mark has nothing left to guard.
      spentChallenges: await this.options.store.captchaChallenges.purgeExpired(now.toISOString()),
      // Likewise a visit too old to start: the start is refused before its mark is looked up.
      startedVisits: await this.options.store.feedbackPages.forgetStartedVisits(oldestStartableVisitDay(now)),
    };
  }

  /** Deletes every read event written more than the retention before `now`, a batch at a time. */
  private async pruneEvents(now: Date): Promise<number> {
    const before = new Date(now.getTime() - this.options.retentionMs).toISOString();
    return this.inBatches((batchSize) => this.options.store.outbox.pruneBefore(before, batchSize));
  }

  /** Deletes every finished delivery last active more than its retention before `now`, a batch at a time. */
  private async pruneDeliveries(now: Date): Promise<number> {
    const before = new Date(now.getTime() - this.options.deliveryRetentionMs).toISOString();
    return this.inBatches((batchSize) => this.options.store.webhookDeliveries.pruneFinishedBefore(before, batchSize));
  }

  /** Runs `deleteBatch` until a batch deletes fewer rows than asked; returns the total. */
  private async inBatches(deleteBatch: (batchSize: number) => Promise<number>): Promise<number> {
    const batchSize = this.options.batchSize ?? DEFAULT_BATCH_SIZE;
    let total = 0;
    for (;;) {
      const deleted = await deleteBatch(batchSize);
      total += deleted;
      if (deleted < batchSize) return total;
    }
  }

  private async runInBackground(): Promise<void> {
    if (this.active) return;
    this.active = this.pruneOnce();
    try {
      await this.active;
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.active = null;
    }
  }
}
