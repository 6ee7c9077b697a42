import type { DialectAdapter } from '../dialect.js';
import type { Executor } from './executor.js';

export type UsageCounter = 'events' | 'searches';

export function usageRepository(db: Executor, dialect: DialectAdapter) {
  return {
    /**
     * Adds one to the counter unless it has reached `cap` (`null`: no cap), in one statement, so
     * two concurrent callers can never both take the last unit. True when spent. On SQLite the
     * commit skips its fsync: a count lost to power failure favours the customer, and the next
     * synced commit makes it durable anyway.
     */
    async spendOne(orgId: string, period: string, counter: UsageCounter, cap: number | null): Promise<boolean> {
      if (cap !== null && cap <= 0) return false;
      const spend = (executor: Executor) =>
        executor
          .insertInto('usage')
          .values({
            org_id: orgId,
            period,
            events: counter === 'events' ? 1 : 0,
            searches: counter === 'searches' ? 1 : 0,
          })
          .onConflict((conflict) => {
            const update = conflict
              .columns(['org_id', 'period'])
              .doUpdateSet((eb) => ({ [counter]: eb(`usage.${counter}`, '+', 1) }));
            return cap === null ? update : update.where(`usage.${counter}`, '<', cap);
          })
          .returning(counter)
          .executeTakeFirst();
      const row = await dialect.unsynced(db, spend);
      return row !== undefined;
    },
    /**
     * The counter for this period, locked until the transaction ends on PostgreSQL so two
     * processes cannot both spend the last unit of an allowance.
     */
    async readForUpdate(orgId: string, period: string, counter: UsageCounter): Promise<number> {
      await db
        .insertInto('usage')
        .values({ org_id: orgId, period, events: 0, searches: 0 })
        .onConflict((conflict) => conflict.columns(['org_id', 'period']).doNothing())
        .execute();
      const row = await db
        .selectFrom('usage')
        .select(counter)
        .where('org_id', '=', orgId)
        .where('period', '=', period)
        .$call((query) => dialect.forUpdate(query))
        .executeTakeFirstOrThrow();
      return Number(row[counter]);
    },
    async read(orgId: string, period: string): Promise<{ events: number; searches: number }> {
      const row = await db
        .selectFrom('usage')
        .select(['events', 'searches'])
        .where('org_id', '=', orgId)
        .where('period', '=', period)
        .executeTakeFirst();
      return { events: Number(row?.events ?? 0), searches: Number(row?.searches ?? 0) };
    },
    async increment(orgId: string, period: string, counter: UsageCounter, amount: number): Promise<void> {
      await increment(db, orgId, period, counter, amount);
    },
    /**
     * Adds to the counter outside any transaction of the caller's; on SQLite without an fsync of
     * its own (the next synced commit makes it durable). For counts no cap depends on (UsageTally).
     */
    async addApart(orgId: string, period: string, counter: UsageCounter, amount: number): Promise<void> {
      const add = (executor: Executor) => increment(executor, orgId, period, counter, amount);
      await dialect.unsynced(db, add);
    },
  };
}

async function increment(
  db: Executor,
  orgId: string,
  period: string,
  counter: UsageCounter,
  amount: number,
): Promise<void> {
  if (amount === 0) return;
  await db
    .insertInto('usage')
    .values({
      org_id: orgId,
      period,
      events: counter === 'events' ? amount : 0,
      searches: counter === 'searches' ? amount : 0,
    })
    .onConflict((conflict) =>
      conflict.columns(['org_id', 'period']).doUpdateSet((eb) => ({ [counter]: eb(`usage.${counter}`, '+', amount) })),
    )
    .execute();
}
