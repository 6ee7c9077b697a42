import type { Dialect } from '../migrations/context.js';
import type { Executor } from './executor.js';

export type UsageCounter = 'events' | 'searches';

export function usageRepository(db: Executor, dialect: Dialect) {
  return {
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
        .$if(dialect === 'postgres', (query) => query.forUpdate())
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
          conflict
            .columns(['org_id', 'period'])
            .doUpdateSet((eb) => ({ [counter]: eb(`usage.${counter}`, '+', amount) })),
        )
        .execute();
    },
  };
}
