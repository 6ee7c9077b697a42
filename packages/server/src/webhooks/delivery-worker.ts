import { randomUUID } from 'node:crypto';
import type {
  AttemptResult,
  AutomationRow,
  ClaimedBatch,
  DeliveryRow,
} from '../storage/repositories/webhook-deliveries.js';
import type { Store } from '../storage/store.js';
import type { OutboundRequest, WebhookEventEnvelope, WebhookSender } from './contracts.js';
import { envelopeOfDelivery } from './envelope.js';
import { attemptResult, type DeliveryOutcome } from './retry-policy.js';

/** Renders and signs the request of one delivery attempt. */
export type PrepareRequest = (automation: AutomationRow, envelope: WebhookEventEnvelope) => Promise<OutboundRequest>;

export interface Clock {
  /** Milliseconds since the epoch. */
  now(): number;
}

export interface DeliveryWorkerOptions {
  store: Store;
  sender: WebhookSender;
  prepare: PrepareRequest;
  /** Automations served at once; each has at most one delivery in flight. Default 8. */
  concurrency?: number;
  /** How long claimed deliveries stay with this worker. Default 60 s. */
  leaseMs?: number;
  /**
   * The longest one attempt may take (the sender's timeout, 15 s, and a margin): an attempt starts
   * only while the lease has this much left, so no other worker can take the delivery meanwhile.
   */
  attemptBudgetMs?: number;
  /** Deliveries of one automation claimed at once and sent one after another. Default 100. */
  batchSize?: number;
  /** How often an idle worker looks for due retries. Default 1 s. */
  pollIntervalMs?: number;
  /** How long {@link DeliveryWorker.stop} lets sends in flight finish before handing them back. Default 5 s. */
  stopGraceMs?: number;
  /** Where the schedule reads the time (tests move it by hand). */
  clock?: Clock;
  /** In [0, 1): the retry jitter. */
  random?: () => number;
  onError?: (error: unknown, deliveryId?: string) => void;
}

/** Claimed deliveries of one automation being sent; `abandoned` once stop() handed them back. */
interface Flight {
  batch: ClaimedBatch;
  /** Those not recorded yet (sent or not): what a stop that gives up hands back. */
  unfinished: Set<DeliveryRow>;
  done: Promise<void>;
  abandoned: boolean;
}

/**
 * Sends queued webhook deliveries: claims due ones under a lease (several workers, in this or
 * other processes on one PostgreSQL database, claim disjoint ones), at most one in flight per
 * automation and in event order per automation, sends, records the attempt and schedules the
 * retry (retry-policy.ts). See src/webhooks/README.md for the invariants.
 *
 * @example
 * const worker = new DeliveryWorker({ store, sender, prepare });
 * worker.start();
 * await worker.stop();
 */
export class DeliveryWorker {
  private readonly flights = new Map<string, Flight>();
  private readonly concurrency: number;
  private readonly leaseMs: number;
  private readonly attemptBudgetMs: number;
  private readonly batchSize: number;
  private readonly pollIntervalMs: number;
  private readonly stopGraceMs: number;
  private readonly clock: Clock;
  private readonly random: () => number;
  private stopped = true;
  /** Set by stop(): batches in flight send nothing more. */
  private stopping = false;
  /** Attempts sent so far (runUntilIdle reports its share). */
  private attemptsMade = 0;
  private timer: NodeJS.Timeout | null = null;
  private filling: Promise<number> | null = null;
  private fillAgain = false;

  constructor(private readonly options: DeliveryWorkerOptions) {
    this.concurrency = options.concurrency ?? 8;
    this.leaseMs = options.leaseMs ?? 60_000;
    this.attemptBudgetMs = options.attemptBudgetMs ?? 20_000;
    this.batchSize = options.batchSize ?? 100;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
    this.stopGraceMs = options.stopGraceMs ?? 5000;
    this.clock = options.clock ?? { now: () => Date.now() };
    this.random = options.random ?? Math.random;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.stopping = false;
    this.wake();
  }

  /** Looks for due deliveries now (after deliveries were queued). */
  wake(): void {
    if (this.stopped) return;
    void this.fill().catch((error: unknown) => this.options.onError?.(error));
  }

  /**
   * Stops claiming, lets the sends in flight finish (for up to `stopGraceMs`), then hands back
   * those still going: due again at once for the next worker, their attempt uncounted. Only a
   * crash leaves a lease to expire.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.filling?.catch(() => 0);
    const flights = [...this.flights.values()];
    if (flights.length === 0) return;
    let grace: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      grace = setTimeout(resolve, this.stopGraceMs);
    });
    try {
      await Promise.race([Promise.all(flights.map((flight) => flight.done)), gaveUp]);
    } finally {
      clearTimeout(grace);
    }
    const unfinished = [...this.flights.values()];
    for (const flight of unfinished) flight.abandoned = true;
    await this.options.store.webhookDeliveries.release(
      unfinished.flatMap((flight) => [...flight.unfinished]),
      new Date(this.clock.now()).toISOString(),
    );
  }

  /**
   * Sends every delivery due at the clock's time, and those they make due at once, until none is
   * left; returns how many attempts it made. For tests and one-off runs of a stopped worker.
   */
  async runUntilIdle(): Promise<number> {
    const before = this.attemptsMade;
    for (;;) {
      const claimed = await this.claimDue();
      if (this.flights.size === 0 && claimed === 0) return this.attemptsMade - before;
      await Promise.all([...this.flights.values()].map((flight) => flight.done));
    }
  }

  /** Claims due deliveries while slots are free; one claim at a time, a wake-up meanwhile runs it again. */
  private fill(): Promise<number> {
    if (this.filling) {
      this.fillAgain = true;
      return this.filling;
    }
    const filling = (async () => {
      let claimed = 0;
      do {
        this.fillAgain = false;
        claimed += await this.claimDue();
      } while (this.fillAgain && !this.stopped);
      return claimed;
    })();
    this.filling = filling;
    const settle = () => {
      this.filling = null;
      // A wake-up between the loop's last check and now would otherwise wait for the next poll.
      if (this.fillAgain) this.wake();
      else this.schedulePoll();
    };
    filling.then(settle, settle);
    return filling;
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      this.wake();
    }, this.pollIntervalMs);
  }

  /** Claims one delivery for each automation with due work and no flight here, up to the free slots. */
  private async claimDue(): Promise<number> {
    const { webhookDeliveries } = this.options.store;
    let free = this.concurrency - this.flights.size;
    if (free <= 0) return 0;
    const now = this.clock.now();
    const nowIso = new Date(now).toISOString();
    const candidates = await webhookDeliveries.automationsWithDueWork(nowIso, [...this.flights.keys()], free * 4);
    let claimed = 0;
    for (const automationId of shuffled(candidates, this.random)) {
      if (free === 0 || this.flights.has(automationId)) continue;
      const leasedUntil = new Date(now + this.leaseMs).toISOString();
      const batch = await webhookDeliveries.claimNext(automationId, nowIso, leasedUntil, randomUUID(), this.batchSize);
      if (!batch) continue;
      this.launch(batch);
      claimed++;
      free--;
    }
    return claimed;
  }

  private launch(batch: ClaimedBatch): void {
    const automationId = batch.automation.id;
    const flight: Flight = { batch, unfinished: new Set(batch.deliveries), abandoned: false, done: Promise.resolve() };
    flight.done = this.deliverBatch(flight)
      .catch((error: unknown) => this.options.onError?.(error, batch.deliveries[0]?.id))
      .finally(() => {
        this.flights.delete(automationId);
        // The automation's next deliveries may go now.
        this.wake();
      });
    this.flights.set(automationId, flight);
  }

  /**
   * Sends the batch's deliveries one after another, in event order. Each attempt is recorded
   * while the next one is sent (the records of a busy moment share a transaction); still one
   * request in flight at a time. Stops early, handing back what it did not send, when stopping,
   * when the lease has too little left for another attempt, or once an answer disabled the
   * automation.
   */
  private async deliverBatch(flight: Flight): Promise<void> {
    const { store } = this.options;
    const automationId = flight.batch.automation.id;
    let automation = flight.batch.automation;
    const unsent = [...flight.batch.deliveries];
    const finished: { delivery: DeliveryRow; result: AttemptResult }[] = [];
    let recording = Promise.resolve();
    // Once a record fails, nothing more is sent: it would only be sent again after the lease.
    let recordError: { cause: unknown } | undefined;
    const record = () => {
      recording = recording.then(async () => {
        const attempts = finished.splice(0);
        if (attempts.length === 0 || flight.abandoned || recordError) return;
        try {
          await store.webhookDeliveries.recordAttempts(
            automationId,
            attempts,
            new Date(this.clock.now()).toISOString(),
          );
        } catch (error) {
          recordError = { cause: error };
          return;
        }
        for (const { delivery } of attempts) flight.unfinished.delete(delivery);
      });
    };
    while (unsent.length > 0) {
      const delivery = unsent[0] as DeliveryRow;
      const leaseLeft = Date.parse(delivery.leased_until ?? '') - this.clock.now();
      if (this.stopping || recordError || leaseLeft < this.attemptBudgetMs) break;
      unsent.shift();
      const result = await this.attempt(automation, delivery);
      if (flight.abandoned) return;
      finished.push({ delivery, result });
      record();
      automation = { ...automation, failing_since: result.automation.failingSince };
      if (result.automation.disabledReason !== null) break;
    }
    await recording;
    if (recordError) throw recordError.cause;
    if (unsent.length === 0 || flight.abandoned) return;
    for (const delivery of unsent) flight.unfinished.delete(delivery);
    await store.webhookDeliveries.release(unsent, new Date(this.clock.now()).toISOString());
  }

  /** One attempt: render and send; what its outcome does to the delivery and the automation. */
  private async attempt(automation: AutomationRow, delivery: DeliveryRow): Promise<AttemptResult> {
    const attemptedAt = this.clock.now();
    this.attemptsMade++;
    let outcome: DeliveryOutcome;
    try {
      const request = await this.options.prepare(automation, envelopeOfDelivery(delivery));
      outcome = await this.options.sender.send(request);
    } catch (error) {
      // A template that does not render (a secret deleted since) fails the delivery; fixing it
      // and redelivering sends it.
      outcome = { kind: 'render_error', latencyMs: 0, error: error instanceof Error ? error.message : String(error) };
    }
    return attemptResult(outcome, {
      roundAttempts: delivery.round_attempts,
      failingSince: automation.failing_since,
      attemptedAt,
      now: this.clock.now(),
      random: this.random,
    });
  }
}

/** A copy of `items` in random order: automations with due work take turns. */
function shuffled<T>(items: readonly T[], random: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
  }
  return copy;
}
