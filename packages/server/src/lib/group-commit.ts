import { commitIsolatingFailures, type Settled } from './failure-isolation.js';

export type { Settled };

export interface GroupCommitOptions<I, O> {
  /**
   * Commits a whole batch at once and settles each item in order, or throws having committed none
   * of it: the batch is then committed again in parts (see commitIsolatingFailures), so only the
   * items that fail on their own are rejected.
   */
  commit(items: I[]): Promise<Settled<O>[]>;
  /** How long a batch waits for company after its first item; 0 takes whatever arrived meanwhile. */
  windowMs?: number;
  maxBatch?: number;
  /**
   * Batches committed at once (default 1). More than one only pays where commits overlap (a
   * connection pool): each batch is its own transaction, so `commit` must stay correct when
   * batches race (lock shared rows in a fixed order).
   */
  concurrency?: number | undefined;
  /**
   * Items with the same key never commit in two batches at once: one waits for the other's
   * batch to finish (so a retry with an idempotency key finds its original committed).
   */
  keyOf?: ((item: I) => string | null) | undefined;
  /** Whether a failed batch may be committed in parts to get some items through (see IsolationOptions). */
  mayBeItemFailure?: ((error: unknown) => boolean) | undefined;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/**
 * Group commit: concurrent writers share one transaction (one fsync) instead of paying one each.
 * While a commit is in flight, new items queue and form the next batch, so under load batches grow
 * by themselves and idle latency stays one commit. A batch that fails is committed again in parts,
 * so one item's failure answers that item only (failure isolation, see commitIsolatingFailures).
 *
 * @example
 * const committer = new GroupCommitter({ commit: (rows) => store.insertMany(rows) });
 * const id = await committer.submit(row); // resolves only after the batch is durable
 */
export class GroupCommitter<I, O> {
  private queue: Pending<I, O>[] = [];
  private scheduled = false;
  private readonly running = new Set<Promise<void>>();
  private readonly windowMs: number;
  private readonly maxBatch: number;
  private readonly concurrency: number;
  /** Keys of the items in batches being committed (only kept with `keyOf`). */
  private readonly keysInFlight = new Set<string>();

  constructor(private readonly options: GroupCommitOptions<I, O>) {
    this.windowMs = options.windowMs ?? 0;
    this.maxBatch = options.maxBatch ?? 500;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once everything submitted so far has been committed or failed. */
  async drain(): Promise<void> {
    while (this.running.size > 0 || this.queue.length > 0 || this.scheduled) {
      if (this.running.size > 0) await Promise.all(this.running);
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private schedule(): void {
    if (this.scheduled || this.running.size >= this.concurrency) return;
    this.scheduled = true;
    const start = () => {
      this.scheduled = false;
      const { batch, keys } = this.takeBatch();
      // All that is queued waits for keys in flight: the end of their batch schedules again.
      if (batch.length === 0) return;
      const run: Promise<void> = this.commitBatch(batch, keys).finally(() => {
        this.running.delete(run);
        if (this.queue.length > 0) this.schedule();
      });
      this.running.add(run);
      // Items that arrived in the same turn beyond maxBatch may start another batch at once.
      if (this.queue.length > 0) this.schedule();
    };
    // setImmediate runs after pending I/O callbacks, so requests already read join this batch.
    if (this.windowMs > 0) setTimeout(start, this.windowMs);
    else setImmediate(start);
  }

  private async commitBatch(batch: Pending<I, O>[], keys: string[]): Promise<void> {
    try {
      await commitIsolatingFailures(
        batch.map((pending) => pending.item),
        (items) => this.options.commit(items),
        {
          mayBeItemFailure: this.options.mayBeItemFailure,
          onSettled: (index, outcome) => {
            const pending = batch[index] as Pending<I, O>;
            if (outcome.ok) pending.resolve(outcome.value);
            else pending.reject(outcome.error);
          },
        },
      );
    } finally {
      // Held until every part is done: a retry must find its original's part committed.
      for (const key of keys) this.keysInFlight.delete(key);
    }
  }

  /** The next batch: queued items in order, passing over those whose key is being committed. */
  private takeBatch(): { batch: Pending<I, O>[]; keys: string[] } {
    const { keyOf } = this.options;
    if (!keyOf) return { batch: this.queue.splice(0, this.maxBatch), keys: [] };
    const batch: Pending<I, O>[] = [];
    const waiting: Pending<I, O>[] = [];
    const keys: string[] = [];
    for (const pending of this.queue) {
      const key = keyOf(pending.item);
      if (batch.length >= this.maxBatch || (key !== null && this.keysInFlight.has(key))) {
        waiting.push(pending);
        continue;
      }
      batch.push(pending);
      if (key !== null) keys.push(key);
    }
    for (const key of keys) this.keysInFlight.add(key);
    this.queue = waiting;
    return { batch, keys };
  }
}
