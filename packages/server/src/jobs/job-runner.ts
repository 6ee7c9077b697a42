import { randomUUID } from 'node:crypto';
import {
  type ClaimedEvent,
  comparePositions,
  DEFAULT_CONSUMER,
  type StreamPosition,
} from '../storage/repositories/outbox.js';
import type { Store } from '../storage/store.js';

export type EventHandler = (event: ClaimedEvent) => Promise<void>;

export interface JobRunnerOptions {
  store: Store;
  /**
   * Names this runner's place in the outbox (default `jobs`): runners of one name share a position
   * and split the work; a runner of another name reads every event again, at its own pace.
   */
  consumer?: string;
  /** Handlers by event type; `*` receives every event. Handlers must be idempotent: delivery is at-least-once. */
  handlers?: Record<string, EventHandler[]>;
  pollIntervalMs?: number;
  /**
   * How long a wake-up waits before running, so the commits of a busy moment are relayed in one
   * run: every run that finds events writes twice (lease, then move the position).
   * Default 0: run as soon as possible.
   */
  wakeDelayMs?: number;
  batchSize?: number;
  /** How long a leased batch (or claimed retry) stays with its runner before another may take it. */
  leaseMs?: number;
  onError?: (error: unknown, event?: ClaimedEvent) => void;
}

const MAX_BACKOFF_MS = 10 * 60 * 1000;

/**
 * Consumes the outbox: reads the events after its position in batches, runs their handlers, moves
 * the position, and retries failures apart with exponential backoff, so that one failing event
 * does not hold back those behind it. Several runners (processes) may share one PostgreSQL
 * database: a lease on the position keeps their batches apart. Delivery is at-least-once.
 */
export class JobRunner {
  private readonly handlers: Map<string, EventHandler[]>;
  private timer: NodeJS.Timeout | null = null;
  private active: Promise<void> | null = null;
  private wakeRequested = false;
  private wakeScheduled = false;
  private stopped = true;
  private readonly consumer: string;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  /** Where this runner last left the position; saves reading it back (another runner's move shows in the lease). */
  private knownPosition: StreamPosition | undefined;
  /** When background runs next look for due retries. */
  private retriesCheckedAfter = 0;

  constructor(private readonly options: JobRunnerOptions) {
    this.handlers = new Map(Object.entries(options.handlers ?? {}));
    this.consumer = options.consumer ?? DEFAULT_CONSUMER;
    this.batchSize = options.batchSize ?? 100;
    this.leaseMs = options.leaseMs ?? 30_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1000;
  }

  on(type: string, handler: EventHandler): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wakeScheduled = false;
    await this.active;
  }

  /** Asks for a run as soon as possible (after a commit that wrote events). */
  wake(): void {
    if (this.stopped) return;
    if (this.active) {
      this.wakeRequested = true;
      return;
    }
    // A wake-up run is already coming: it will see this commit too.
    if (this.wakeScheduled) return;
    if (this.timer) clearTimeout(this.timer);
    this.wakeScheduled = true;
    this.timer = setTimeout(() => void this.loop(), this.options.wakeDelayMs ?? 0);
  }

  /** Processes due events until none are left; returns how many were handled. */
  async runUntilIdle(): Promise<number> {
    let total = 0;
    for (;;) {
      const handled = await this.runOnce();
      total += handled;
      if (handled === 0) return total;
    }
  }

  /** One pass: the due retries, then the next batch of the log; returns how many events it handled. */
  async runOnce(): Promise<number> {
    return (await this.runRetries()) + (await this.runStream());
  }

  /**
   * What a wake-up or poll runs. Due retries are looked for at most once a poll interval: their
   * backoff starts at a second, and every look is a write. The log is read until a batch comes
   * back short, without the empty read that ends runUntilIdle: a commit meanwhile wakes the runner.
   */
  private async runInBackground(): Promise<void> {
    const now = Date.now();
    if (now >= this.retriesCheckedAfter) {
      const retried = await this.runRetries();
      // A full batch of retries may leave more due ones behind: look again on the next run.
      this.retriesCheckedAfter = retried < this.batchSize ? now + this.pollIntervalMs : 0;
    }
    while ((await this.runStream()) >= this.batchSize) {
      if (this.stopped) return;
    }
  }

  private async runRetries(): Promise<number> {
    const { store } = this.options;
    const now = Date.now();
    const events = await store.outbox.claimRetries(
      this.consumer,
      new Date(now).toISOString(),
      new Date(now + this.leaseMs).toISOString(),
      this.batchSize,
    );
    const done: number[] = [];
    for (const event of events) if (await this.handle(event)) done.push(event.seq);
    await store.outbox.completeRetries(this.consumer, done);
    return events.length;
  }

  /**
   * The next batch after the consumer's position, under a lease on that position, so that two
   * runners (processes) never hand out the same batch; the position moves once the batch is done.
   * An idle log costs one read and no write.
   */
  private async runStream(): Promise<number> {
    const { store } = this.options;
    const seen = this.knownPosition ?? (await store.outbox.positionOf(this.consumer));
    const peeked = await store.outbox.readAfter(seen, this.batchSize);
    if (peeked.length === 0) return 0;
    const token = randomUUID();
    const leasedAt = Date.now();
    let leaseEnds = leasedAt + this.leaseMs;
    const lease = await store.outbox.leaseStream(
      this.consumer,
      new Date(leasedAt).toISOString(),
      new Date(leaseEnds).toISOString(),
      token,
    );
    // Another runner holds the position: its batch is not ours to handle.
    if (!lease) {
      this.knownPosition = undefined;
      return 0;
    }
    const events =
      comparePositions(lease.position, seen) === 0
        ? peeked
        : await store.outbox.readAfter(lease.position, this.batchSize);
    let position = lease.position;
    for (const event of events) {
      // A long batch keeps its lease; one that lost it (expired, taken over) stops and leaves the rest.
      if (Date.now() > leaseEnds - this.leaseMs / 2) {
        leaseEnds = Date.now() + this.leaseMs;
        if (!(await store.outbox.renewLease(this.consumer, token, new Date(leaseEnds).toISOString()))) {
          this.knownPosition = undefined;
          return 0;
        }
      }
      const { position: next, ...delivered } = event;
      await this.handle({ ...delivered, attempts: lease.attempts });
      position = next;
    }
    const advanced = await store.outbox.advance(this.consumer, token, position, new Date().toISOString());
    this.knownPosition = advanced ? position : undefined;
    return events.length;
  }

  /** Runs the event's handlers; on failure schedules a retry with backoff. True when all succeeded. */
  private async handle(event: ClaimedEvent): Promise<boolean> {
    try {
      for (const handler of [...(this.handlers.get(event.type) ?? []), ...(this.handlers.get('*') ?? [])]) {
        await handler(event);
      }
      return true;
    } catch (error) {
      this.options.onError?.(error, event);
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(event.attempts, 20));
      await this.options.store.outbox.scheduleRetry(
        this.consumer,
        event.seq,
        event.attempts,
        String(error),
        new Date(Date.now() + backoff).toISOString(),
      );
      return false;
    }
  }

  private async loop(): Promise<void> {
    this.timer = null;
    this.wakeScheduled = false;
    if (this.stopped) return;
    this.wakeRequested = false;
    this.active = this.runInBackground();
    try {
      await this.active;
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.active = null;
    }
    if (this.stopped) return;
    this.wakeScheduled = this.wakeRequested;
    const delay = this.wakeRequested ? (this.options.wakeDelayMs ?? 0) : this.pollIntervalMs;
    this.timer = setTimeout(() => void this.loop(), delay);
  }
}
