/** SQLite primary result codes that say the database, not a row, failed the write. */
const SQLITE_UNAVAILABLE = new Set([
  'BUSY',
  'LOCKED',
  'FULL',
  'IOERR',
  'READONLY',
  'CANTOPEN',
  'CORRUPT',
  'NOTADB',
  'NOMEM',
  'INTERRUPT',
  'PROTOCOL',
]);

/**
 * PostgreSQL SQLSTATE classes of the same kind: connection exception, insufficient resources,
 * operator intervention (shutdown, statement timeout), system error, internal error.
 */
const POSTGRES_UNAVAILABLE_CLASSES = new Set(['08', '53', '57', '58', 'XX']);

/** Socket errors reaching PostgreSQL. */
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);

/** What pg and pg-pool throw, without a code, when the connection is lost or cannot be had. */
const LOST_CONNECTION = /connection terminated|timeout exceeded when trying to connect|not queryable/i;

/**
 * Whether `error` says the database could not take the write at all (busy, full, read-only,
 * unreachable, shut down, timed out), whatever rows it held: each row written on its own would
 * fail the same way. Failure isolation does not split such a batch into parts (one more failing
 * write per part, each maybe waiting out a lock timeout); it fails the batch at once.
 *
 * @example
 * if (isDatabaseUnavailable(error)) throw error; // retrying row by row cannot help
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, message } = error as { code?: unknown; message?: unknown };
  if (typeof code === 'string') {
    if (code.startsWith('SQLITE_')) return SQLITE_UNAVAILABLE.has(code.slice('SQLITE_'.length).split('_')[0] ?? '');
    if (NETWORK_CODES.has(code)) return true;
    if (/^[0-9A-Z]{5}$/.test(code)) return POSTGRES_UNAVAILABLE_CLASSES.has(code.slice(0, 2));
  }
  return typeof message === 'string' && LOST_CONNECTION.test(message);
}
