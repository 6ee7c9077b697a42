export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown };

export interface GroupCommitOptions<I, O> {
  /** Commits a whole batch at once and settles each item in order. */
  commit(items: I[]): Promise<Settled<O>[]>;
  /** How long a batch waits for company after its first item; 0 takes whatever arrived meanwhile. */
  windowMs?: number;
  maxBatch?: number;
}

interface Pending<I, O> {
  item: I;
  resolve(value: O): void;
  reject(error: unknown): void;
}

/**
 * Group commit: concurrent writers share one transaction (one fsync) instead of paying one each.
 * While a commit is in flight, new items queue and form the next batch, so under load batches grow
 * by themselves and idle latency stays one commit.
 *
 * @example
 * const committer = new GroupCommitter({ commit: (rows) => store.insertMany(rows) });
 * const id = await committer.submit(row); // resolves only after the batch is durable
 */
export class GroupCommitter<I, O> {
  private queue: Pending<I, O>[] = [];
  private scheduled = false;
  private running: Promise<void> | null = null;
  private readonly windowMs: number;
  private readonly maxBatch: number;

  constructor(private readonly options: GroupCommitOptions<I, O>) {
    this.windowMs = options.windowMs ?? 0;
    this.maxBatch = options.maxBatch ?? 500;
  }

  submit(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      this.schedule();
    });
  }

  /** Resolves once everything submitted so far has been committed or failed. */
  async drain(): Promise<void> {
    while (this.running || this.queue.length > 0 || this.scheduled) {
      if (this.running) await this.running;
      else await new Promise((resolve) => setImmediate(resolve));
    }
  }

  private schedule(): void {
    if (this.scheduled || this.running) return;
    this.scheduled = true;
    const start = () => {
      this.scheduled = false;
      this.running = this.flush().finally(() => {
        this.running = null;
        if (this.queue.length > 0) this.schedule();
      });
    };
    // setImmediate runs after pending I/O callbacks, so requests already read join this batch.
    if (this.windowMs > 0) setTimeout(start, this.windowMs);
    else setImmediate(start);
  }

  private async flush(): Promise<void> {
    const batch = this.queue.splice(0, this.maxBatch);
    if (batch.length === 0) return;
    let outcomes: Settled<O>[];
    try {
      outcomes = await this.options.commit(batch.map((pending) => pending.item));
    } catch (error) {
      for (const pending of batch) pending.reject(error);
      return;
    }
    batch.forEach((pending, index) => {
      const outcome = outcomes[index];
      if (outcome?.ok) pending.resolve(outcome.value);
      else pending.reject(outcome ? outcome.error : new Error('Group commit returned no outcome.'));
    });
  }
}
