import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Executor } from './executor.js';

/**
 * Request counters by key, in better-auth's `rate_limits` table, so every process of one PostgreSQL
 * database counts together; our keys carry a prefix of their own, so better-auth's never meet them.
 */
export function rateLimitsRepository(db: Executor) {
  return {
    /**
     * Counts a request under `key` and answers how many the key has made in a row: better-auth's
     * rule, so both count alike. The count starts again at 1 once `windowMs` passed since the key's
     * last request, and refused requests count too, so a client that keeps trying stays refused
     * until it pauses a whole window. One statement: concurrent requests each get their own count.
     */
    async hit(key: string, windowMs: number, nowMs: number): Promise<number> {
      const row = await db
        .insertInto('rate_limits')
        .values({ id: randomUUID(), key, count: 1, last_request: nowMs })
        .onConflict((conflict) =>
          conflict.column('key').doUpdateSet({
            count: sql<number>`case when ${nowMs} - rate_limits.last_request > ${windowMs} then 1 else rate_limits.count + 1 end`,
            last_request: nowMs,
          }),
        )
        .returning('count')
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
  };
}
