import type pg from 'pg';

/**
 * Runs fixed SQL as a named prepared statement: parsed and planned once per connection, with no
 * Kysely compile per call. For the queries every request makes. Never inside a transaction: it
 * takes any connection of the pool.
 */
export type RunPrepared = (name: string, text: string, values: unknown[]) => Promise<Record<string, unknown>[]>;

/** {@link RunPrepared} on the pool's connections. */
export function preparedOn(pool: pg.Pool): RunPrepared {
  return async (name, text, values) => (await pool.query<Record<string, unknown>>({ name, text, values })).rows;
}
