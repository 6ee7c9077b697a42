import type { OutboxWakeUpListener, OutboxWakeUps } from '../storage/dialect.js';
import type { LoggedEvent, StreamPosition } from '../storage/repositories/outbox.js';
import type { Store } from '../storage/store.js';

/** Who hears the tail: every event read, in log order, and the end when the tail closes. */
export interface TailListener {
  deliver(events: readonly LoggedEvent[]): void;
  /** The tail closed (server shutdown): nothing more will be delivered. */
  end(): void;
}

export interface OutboxTailOptions {
  store: Store;
  /** How other processes' commits reach this one (PostgreSQL's NOTIFY; nothing on SQLite). */
  wakeUps: OutboxWakeUps;
  /** Reads anyway this often, for wake-ups that never came (default 2 s). */
  pollIntervalMs?: number;
  batchSize?: number;
  onError?: (error: unknown) => void;
}

const DEFAULT_POLL_INTERVAL_MS = 2000;
const DEFAULT_BATCH_SIZE = 500;
/** First wait before looking again at events held back by a running transaction; doubles up to the poll. */
const HELD_BACK_RETRY_MS = 10;

/**
 * One reader of the outbox per process, fanning each event out to every listener (the open
 * realtime streams): a burst costs one query however many streams are open. It reads only while
 * someone listens, from the newest position at the time the first one came; each listener catches
 * up from its own position by itself (see FeedbackSubscription). Woken by this process's commits
 * ({@link wake}), other processes' announcements, and a poll.
 */
export class OutboxTail {
  private readonly listeners = new Set<TailListener>();
  private readonly pollIntervalMs: number;
  private readonly batchSize: number;
  /** Where the next read starts; undefined while idle (nobody listens). */
  private position: StreamPosition | undefined;
  /** Settles once {@link position} is known after a start. */
  private starting: Promise<void> = Promise.resolve();
  /** Moves on at every start and stop: a read begun before one does not apply its result after. */
  private generation = 0;
  private reading: Promise<void> | undefined;
  private readAgain = false;
  private poll: NodeJS.Timeout | undefined;
  private heldBackRetry: NodeJS.Timeout | undefined;
  private heldBackWaitMs = HELD_BACK_RETRY_MS;
  private wakeUpListener: OutboxWakeUpListener | undefined;
  private listenersClosing: Promise<void>[] = [];
  private closed = false;

  constructor(private readonly options: OutboxTailOptions) {
    this.pollIntervalMs = options.pollIntervalMs ?? DEFAULT_POLL_INTERVAL_MS;
    this.batchSize = options.batchSize ?? DEFAULT_BATCH_SIZE;
  }

  /** How many listeners are attached (for tests: a closed stream must leave none behind). */
  get listenerCount(): number {
    return this.listeners.size;
  }

  /**
   * Adds a listener. Resolves once the tail reads from a known position, so a listener that then
   * reads the log up to the present misses nothing the tail does not deliver to it; returns the
   * function that removes it.
   */
  async subscribe(listener: TailListener): Promise<() => void> {
    if (this.closed) throw new Error('The realtime tail is closed');
    this.listeners.add(listener);
    if (this.position === undefined && this.listeners.size === 1) this.start();
    const remove = () => {
      if (this.listeners.delete(listener) && this.listeners.size === 0) this.stop();
    };
    try {
      await this.starting;
    } catch (error) {
      remove();
      throw error;
    }
    return remove;
  }

  /** Reads what was committed since the last read, now (or right after the read in progress). */
  wake(): void {
    if (this.position === undefined) return;
    if (this.reading) {
      this.readAgain = true;
      return;
    }
    this.reading = this.readAll().finally(() => {
      this.reading = undefined;
    });
  }

  /** Ends every listener and stops reading; for shutdown. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    const listeners = [...this.listeners];
    this.listeners.clear();
    this.stop();
    for (const listener of listeners) listener.end();
    await this.reading;
    await Promise.all(this.listenersClosing);
  }

  private start(): void {
    const generation = ++this.generation;
    this.starting = this.options.store.outbox.latestPosition().then(
      (position) => {
        if (generation === this.generation) this.position = position;
      },
      (error: unknown) => {
        if (generation === this.generation) this.stop();
        throw error;
      },
    );
    // Awaited by subscribe(); marked handled so a failed start with nobody left waiting is not unhandled.
    this.starting.catch(() => {});
    this.wakeUpListener = this.options.wakeUps.listen(() => this.wake(), this.options.onError);
    this.poll = setInterval(() => this.wake(), this.pollIntervalMs);
    // The poll alone never keeps a process alive; open streams (sockets) do.
    this.poll.unref();
  }

  private stop(): void {
    this.generation += 1;
    this.position = undefined;
    if (this.poll) clearInterval(this.poll);
    this.poll = undefined;
    if (this.heldBackRetry) clearTimeout(this.heldBackRetry);
    this.heldBackRetry = undefined;
    const listener = this.wakeUpListener;
    this.wakeUpListener = undefined;
    if (listener) {
      const closing = listener.close().catch(() => {});
      this.listenersClosing.push(closing);
      void closing.then(() => {
        this.listenersClosing = this.listenersClosing.filter((other) => other !== closing);
      });
    }
  }

  private async readAll(): Promise<void> {
    try {
      do {
        this.readAgain = false;
        await this.readToPresent();
      } while (this.readAgain && this.position !== undefined);
    } catch (error) {
      // The next wake-up or poll reads again from the same position.
      this.options.onError?.(error);
    }
  }

  private async readToPresent(): Promise<void> {
    const { outbox } = this.options.store;
    for (;;) {
      const generation = this.generation;
      const from = this.position;
      if (from === undefined) return;
      const events = await outbox.readAfter(from, this.batchSize);
      if (generation !== this.generation) return;
      if (events.length > 0) {
        this.position = events[events.length - 1]?.position ?? from;
        for (const listener of [...this.listeners]) listener.deliver(events);
        if (events.length === this.batchSize) continue;
      }
      // A commit's wake-up may come while an older transaction (one that writes no event, so
      // announces nothing) still holds its events back: look again soon rather than at the poll.
      if (await outbox.heldBackAfter(this.position ?? from)) this.retryHeldBack(generation);
      else this.heldBackWaitMs = HELD_BACK_RETRY_MS;
      return;
    }
  }

  private retryHeldBack(generation: number): void {
    if (this.heldBackRetry || generation !== this.generation) return;
    const wait = this.heldBackWaitMs;
    this.heldBackWaitMs = Math.min(wait * 2, this.pollIntervalMs);
    this.heldBackRetry = setTimeout(() => {
      this.heldBackRetry = undefined;
      this.wake();
    }, wait);
    this.heldBackRetry.unref();
  }
}
