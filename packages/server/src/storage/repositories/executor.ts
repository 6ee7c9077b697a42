import type { Kysely } from 'kysely';
import type { DatabaseSchema } from '../schema.js';

/** A plain connection or an open transaction: repositories work on either. */
export type Executor = Kysely<DatabaseSchema>;

/** Fetch one more row than asked, to know whether a next page exists without a count. */
export function pageOf<T extends { id: string }>(rows: T[], limit: number): { rows: T[]; lastId: string | null } {
  if (rows.length <= limit) return { rows, lastId: null };
  const page = rows.slice(0, limit);
  return { rows: page, lastId: page[page.length - 1]?.id ?? null };
}
