import type { ClaimedEvent } from '../storage/repositories/outbox.js';
import type { Store } from '../storage/store.js';

export type EventHandler = (event: ClaimedEvent) => Promise<void>;

export interface JobRunnerOptions {
  store: Store;
  /** Handlers by event type; `*` receives every event. Handlers must be idempotent: delivery is at-least-once. */
  handlers?: Record<string, EventHandler[]>;
  pollIntervalMs?: number;
  /**
   * How long a wake-up waits before running, so the commits of a busy moment are relayed in one
   * run: every run writes twice (claim, then mark processed), each write a commit of its own.
   * Default 0: run as soon as possible.
   */
  wakeDelayMs?: number;
  batchSize?: number;
  /** How long a claimed event stays invisible to other runners before it is retried. */
  leaseMs?: number;
  onError?: (error: unknown, event?: ClaimedEvent) => void;
}

const MAX_BACKOFF_MS = 10 * 60 * 1000;

/**
 * Consumes the outbox: claims due events, runs their handlers, marks them processed, and
 * reschedules failures with exponential backoff. Several runners (processes) may share one
 * PostgreSQL database; claims never overlap.
 */
export class JobRunner {
  private readonly handlers: Map<string, EventHandler[]>;
  private timer: NodeJS.Timeout | null = null;
  private active: Promise<number> | null = null;
  private wakeRequested = false;
  private wakeScheduled = false;
  private stopped = true;

  constructor(private readonly options: JobRunnerOptions) {
    this.handlers = new Map(Object.entries(options.handlers ?? {}));
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

  async runOnce(): Promise<number> {
    const { store } = this.options;
    const now = new Date();
    const events = await store.outbox.claim(
      now.toISOString(),
      new Date(now.getTime() + (this.options.leaseMs ?? 30_000)).toISOString(),
      this.options.batchSize ?? 100,
    );
    const done: number[] = [];
    for (const event of events) {
      try {
        for (const handler of [...(this.handlers.get(event.type) ?? []), ...(this.handlers.get('*') ?? [])]) {
          await handler(event);
        }
        done.push(event.seq);
      } catch (error) {
        this.options.onError?.(error, event);
        const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(event.attempts, 20));
        await store.outbox.markFailed(event.seq, String(error), new Date(Date.now() + backoff).toISOString());
      }
    }
    await store.outbox.markProcessed(done, new Date().toISOString());
    return events.length;
  }

  private async loop(): Promise<void> {
    this.timer = null;
    this.wakeScheduled = false;
    if (this.stopped) return;
    this.wakeRequested = false;
    this.active = this.runUntilIdle();
    try {
      await this.active;
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.active = null;
    }
    if (this.stopped) return;
    this.wakeScheduled = this.wakeRequested;
    const delay = this.wakeRequested ? (this.options.wakeDelayMs ?? 0) : (this.options.pollIntervalMs ?? 1000);
    this.timer = setTimeout(() => void this.loop(), delay);
  }
}
