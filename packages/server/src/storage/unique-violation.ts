/**
 * Whether `error` is a unique index refusing a row: on PostgreSQL the index named `index`
 * (SQLSTATE 23505 names it), on SQLite a unique constraint over `table`'s `columns` (SQLite names
 * the columns, `table.a, table.b`, not the index), or, for an index over an expression such as
 * `lower(email)`, the index itself (`index 'name'`).
 *
 * @example
 * if (isUniqueViolation(error, { index: 'organizations_slug_idx', table: 'organizations', columns: ['slug'] })) …
 */
export function isUniqueViolation(
  error: unknown,
  target: { index: string; table: string; columns: readonly string[] },
): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === '23505') return constraint === target.index;
  const named = target.columns.map((column) => `${target.table}.${column}`).join(', ');
  if (code !== 'SQLITE_CONSTRAINT_UNIQUE' || typeof message !== 'string') return false;
  return message.endsWith(named) || message.endsWith(`index '${target.index}'`);
}
