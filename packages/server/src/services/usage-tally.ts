import type { UsageCounter } from '../storage/repositories/usage.js';
import type { Store } from '../storage/store.js';

interface Tally {
  orgId: string;
  period: string;
  counter: UsageCounter;
  amount: number;
}

/**
 * Usage counts of organizations without a cap, added up in memory and written after the commits
 * that produced them, one write in flight at a time.
 *
 * Counting inside each `/collect` batch made every batch of an organization lock its one usage row
 * until that batch's commit: on PostgreSQL concurrent batches queued on the lock (its upsert was
 * the costliest statement left under load). Where no cap depends on it, the count only informs, so
 * it is written apart: a crash may lose the last write's counts, which favours the customer, as
 * `spendOne` does. Capped organizations are still counted inside the batch, exactly.
 *
 * @example
 * tally.add(orgId, usagePeriod(), 'events', 12);
 * await tally.settled(); // what was added so far is in the database
 */
export class UsageTally {
  private pending = new Map<string, Tally>();
  private writing: Promise<void> | null = null;

  constructor(
    private readonly store: Pick<Store, 'usage'>,
    private readonly onError?: (error: unknown) => void,
  ) {}

  add(orgId: string, period: string, counter: UsageCounter, amount: number): void {
    if (amount <= 0) return;
    const key = `${orgId} ${period} ${counter}`;
    const tally = this.pending.get(key);
    if (tally) tally.amount += amount;
    else this.pending.set(key, { orgId, period, counter, amount });
    this.schedule();
  }

  /**
   * Resolves once every count added before the call is written (or its write failed). Waits for at
   * most two rounds, so a reader is not held up by counts that keep arriving under load.
   */
  async settled(): Promise<void> {
    const waiting = this.pending.size > 0;
    await this.writing;
    // Counts waiting behind the round in flight are in the round scheduled when it ended.
    if (waiting) await this.writing;
  }

  private schedule(): void {
    if (this.writing) return;
    this.writing = this.writeRound().then((written) => {
      this.writing = null;
      // After a failure the counts wait for the next add: no retry loop against a failing database.
      if (written && this.pending.size > 0) this.schedule();
    });
  }

  /** Writes what is pending; false when a write failed (the unwritten counts are kept). */
  private async writeRound(): Promise<boolean> {
    // Counts added during this turn (one group-commit batch after another) share the write.
    await new Promise((resolve) => setImmediate(resolve));
    const round = [...this.pending.values()];
    this.pending = new Map();
    for (const [index, tally] of round.entries()) {
      try {
        await this.store.usage.addApart(tally.orgId, tally.period, tally.counter, tally.amount);
      } catch (error) {
        for (const unwritten of round.slice(index)) this.restore(unwritten);
        this.onError?.(error);
        return false;
      }
    }
    return true;
  }

  private restore(tally: Tally): void {
    const key = `${tally.orgId} ${tally.period} ${tally.counter}`;
    const pending = this.pending.get(key);
    if (pending) pending.amount += tally.amount;
    else this.pending.set(key, { ...tally });
  }
}
