import { randomUUID } from 'node:crypto';
import {
  type ClaimedEvent,
  comparePositions,
  DEFAULT_CONSUMER,
  type StreamPosition,
} from '../storage/repositories/outbox.js';
import type { Store } from '../storage/store.js';
import { JOB_STOP_GRACE_MS } from './stop-grace.js';

export type EventHandler = (event: ClaimedEvent) => Promise<void>;

/** Handles a whole batch of the log at once (one query for many events); see JobRunnerOptions.batchHandler. */
export type BatchHandler = (events: ClaimedEvent[]) => Promise<void>;

export interface JobRunnerOptions {
  store: Store;
  /**
   * Names this runner's place in the outbox (default `jobs`): runners of one name share a position
   * and split the work; a runner of another name reads every event again, at its own pace.
   */
  consumer?: string;
  /** Handlers by event type; `*` receives every event. Handlers must be idempotent: delivery is at-least-once. */
  handlers?: Record<string, EventHandler[]>;
  /**
   * A fast path for consumers whose work batches well (a round trip per batch instead of per
   * event): called first with each batch read from the log. When it fails, the batch is handled
   * event by event through `handlers` instead, so one bad event is retried alone. Must be
   * idempotent, as handlers are.
   */
  batchHandler?: BatchHandler;
  /**
   * The event types this runner has work for now, asked once a pass. Events of other types are
   * passed over without reading their payloads, and when no type is wanted, without reading the
   * log at all. Default: the handlers' types, or every type (undefined) for a `*` handler or a
   * batch handler. The webhook fan-out answers the types its automations subscribe to.
   */
  wantedTypes?: () => Promise<readonly string[] | undefined>;
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
  /**
   * How long {@link JobRunner.stop} lets the event in progress finish (default 2 s). Past it the
   * runner gives up on that event (a model still loading, a slow endpoint) and hands it back with
   * the rest of its batch, so the next runner takes it at once instead of after the lease.
   */
  stopGraceMs?: number;
  onError?: (error: unknown, event?: ClaimedEvent) => void;
}

const MAX_BACKOFF_MS = 10 * 60 * 1000;

/**
 * A background run, as {@link JobRunner.stop} winds it down: once `stopping`, it starts no further
 * event and hands back what it holds; once given up, it stops waiting for the event in progress.
 */
class RunControl {
  stopping = false;
  gaveUp = false;
  private resolveGivenUp: (value: 'abandoned') => void = () => {};
  /** Resolves when stop() stops waiting for the event in progress. */
  readonly givenUp = new Promise<'abandoned'>((resolve) => {
    this.resolveGivenUp = resolve;
  });

  giveUp(): void {
    this.gaveUp = true;
    this.resolveGivenUp('abandoned');
  }
}

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
  /** The control of the background run in progress (with {@link active}). */
  private run: RunControl | null = null;
  private wakeRequested = false;
  private wakeScheduled = false;
  private stopped = true;
  private readonly consumer: string;
  private readonly batchSize: number;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly stopGraceMs: number;
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
    this.stopGraceMs = options.stopGraceMs ?? JOB_STOP_GRACE_MS;
  }

  on(type: string, handler: EventHandler): void {
    this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.wake();
  }

  /**
   * Stops the background runs. A run in progress finishes the event it is handling (for up to
   * `stopGraceMs`), then hands back the rest: its position moves past the events handled and its
   * lease ends, and claimed retries it did not finish are due again, so the next runner (another
   * process, or this one's successor) continues at once. Only a crash leaves a lease to expire.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.wakeScheduled = false;
    const run = this.run;
    if (!run) return;
    run.stopping = true;
    // Referenced on purpose: while the handler waits on something unreferenced (an idle worker
    // thread), this timer keeps the process alive until the lease is handed back.
    const grace = setTimeout(() => run.giveUp(), this.stopGraceMs);
    try {
      await this.active;
    } finally {
      clearTimeout(grace);
    }
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
  private async runInBackground(run: RunControl): Promise<void> {
    const now = Date.now();
    if (now >= this.retriesCheckedAfter) {
      const retried = await this.runRetries(run);
      // A full batch of retries may leave more due ones behind: look again on the next run.
      this.retriesCheckedAfter = retried < this.batchSize ? now + this.pollIntervalMs : 0;
    }
    while ((await this.runStream(run)) >= this.batchSize) {
      if (this.stopped) return;
    }
  }

  /** The due retries; with `run`, those it did not finish when stopped are handed back. */
  private async runRetries(run?: RunControl): Promise<number> {
    const { store } = this.options;
    const now = Date.now();
    const events = await store.outbox.claimRetries(
      this.consumer,
      new Date(now).toISOString(),
      new Date(now + this.leaseMs).toISOString(),
      this.batchSize,
    );
    const done: number[] = [];
    const handedBack: number[] = [];
    for (const event of events) {
      const outcome = run?.stopping ? 'abandoned' : await this.attempt(event, run);
      if (outcome === 'abandoned') handedBack.push(event.seq);
      else if (outcome) done.push(event.seq);
    }
    await store.outbox.completeRetries(this.consumer, done);
    await store.outbox.releaseRetries(this.consumer, handedBack);
    return events.length;
  }

  /**
   * The next batch after the consumer's position, under a lease on that position, so that two
   * runners (processes) never hand out the same batch; the position moves once the batch is done.
   * An idle log costs one read and no write. With `run`, a stop ends the batch early: the position
   * moves past the events handled and the lease ends with it.
   */
  private async runStream(run?: RunControl): Promise<number> {
    const { store } = this.options;
    if (run?.stopping) return 0;
    const seen = this.knownPosition ?? (await store.outbox.positionOf(this.consumer));
    // The pass ends where the log ends now, fixed before asking which types are wanted: every event
    // in it was committed before the answer, so one that a new subscriber should get (an
    // automation made before the event) is never passed over as unwanted.
    const end = await store.outbox.latestPosition();
    if (comparePositions(end, seen) <= 0) return 0;
    const wanted = await this.wantedTypes();
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
    // Nothing is wanted: the position moves to the end of the pass, and no event is read.
    if (wanted?.length === 0) {
      const position = comparePositions(end, lease.position) > 0 ? end : lease.position;
      const advanced = await store.outbox.advance(this.consumer, token, position, new Date().toISOString());
      this.knownPosition = advanced ? position : undefined;
      return 0;
    }
    const wants = (type: string) => (wanted === undefined || wanted.includes(type)) && this.handles(type);
    const events = await store.outbox.readAfter(lease.position, this.batchSize, { payloadsOf: wanted, until: end });
    let position = lease.position;
    let handled = 0;
    const last = events.at(-1);
    if (this.options.batchHandler && last && !run?.stopping) {
      const batch = events
        .filter((event) => wants(event.type))
        .map((event) => ({ ...event, attempts: lease.attempts }));
      if (batch.length === 0 || (await this.attemptBatch(batch, run)) === true) {
        const advanced = await store.outbox.advance(this.consumer, token, last.position, new Date().toISOString());
        this.knownPosition = advanced ? last.position : undefined;
        return events.length;
      }
    }
    for (const event of events) {
      if (run?.stopping) break;
      // A long batch keeps its lease; one that lost it (expired, taken over) stops and leaves the rest.
      if (Date.now() > leaseEnds - this.leaseMs / 2) {
        leaseEnds = Date.now() + this.leaseMs;
        if (!(await store.outbox.renewLease(this.consumer, token, new Date(leaseEnds).toISOString()))) {
          this.knownPosition = undefined;
          return 0;
        }
      }
      const { position: next } = event;
      // Nothing here runs for this type: the position moves past it (it came without its payload).
      if (!wants(event.type)) {
        position = next;
        handled++;
        continue;
      }
      // Abandoned by stop(): the position stays before this event, which the next runner handles.
      if ((await this.attempt({ ...event, attempts: lease.attempts }, run)) === 'abandoned') break;
      position = next;
      handled++;
    }
    // Also how a stopped run hands its lease back, with the position after what it handled.
    const advanced = await store.outbox.advance(this.consumer, token, position, new Date().toISOString());
    this.knownPosition = advanced ? position : undefined;
    return handled;
  }

  /** Whether any handler runs for events of `type`. */
  private handles(type: string): boolean {
    return this.handlers.has(type) || this.handlers.has('*');
  }

  /** See {@link JobRunnerOptions.wantedTypes}: undefined for every type. */
  private wantedTypes(): Promise<readonly string[] | undefined> {
    if (this.options.wantedTypes) return this.options.wantedTypes();
    if (this.options.batchHandler || this.handlers.has('*')) return Promise.resolve(undefined);
    return Promise.resolve([...this.handlers.keys()]);
  }

  /** The batch handler; false when it failed (each event is then handled alone), or `abandoned`. */
  private attemptBatch(events: ClaimedEvent[], run: RunControl | undefined): Promise<boolean | 'abandoned'> {
    const handling = (this.options.batchHandler as BatchHandler)(events).then(
      () => true,
      (error: unknown) => {
        if (!run?.gaveUp) this.options.onError?.(error);
        return false;
      },
    );
    return run ? Promise.race([handling, run.givenUp]) : handling;
  }

  /** {@link handle}, unless stop() gives up waiting for it first: then `abandoned`. */
  private attempt(event: ClaimedEvent, run: RunControl | undefined): Promise<boolean | 'abandoned'> {
    const handling = this.handle(event, run);
    // A handler that settles after the race still counts as handled: its rejection is never unheard.
    return run ? Promise.race([handling, run.givenUp]) : handling;
  }

  /** Runs the event's handlers; on failure schedules a retry with backoff. True when all succeeded. */
  private async handle(event: ClaimedEvent, run?: RunControl): Promise<boolean> {
    try {
      for (const handler of [...(this.handlers.get(event.type) ?? []), ...(this.handlers.get('*') ?? [])]) {
        await handler(event);
      }
      return true;
    } catch (error) {
      // Given up on by stop() (failing now as shutdown closes what it waited for): it was handed
      // back, not failed, so no retry and no error.
      if (run?.gaveUp) return false;
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
    const run = new RunControl();
    this.run = run;
    this.active = this.runInBackground(run);
    try {
      await this.active;
    } catch (error) {
      this.options.onError?.(error);
    } finally {
      this.active = null;
      this.run = null;
    }
    if (this.stopped) return;
    this.wakeScheduled = this.wakeRequested;
    const delay = this.wakeRequested ? (this.options.wakeDelayMs ?? 0) : this.pollIntervalMs;
    this.timer = setTimeout(() => void this.loop(), delay);
  }
}
