/** The unique index that holds one row per feedback idempotency key (migration 0001). */
const FEEDBACK_IDEMPOTENCY_INDEX = 'feedback_idempotency_idx';

/** PostgreSQL's SQLSTATE for a transaction it aborted to break a deadlock. */
const DEADLOCK_DETECTED = '40P01';

/**
 * Whether `error` means a write lost a race with another process's write and stored nothing, so
 * that trying the same write again is safe and may succeed: the feedback idempotency index refused
 * a key another process committed meanwhile (the next try finds its row), or PostgreSQL aborted the
 * write to break a deadlock with such a process (e.g. two batches sharing two keys in opposite
 * order). Writes within one process never race like this: they are kept apart before the database.
 */
export function isLostWriteRace(error: unknown): boolean {
  if (typeof error !== 'object' || error === null) return false;
  const { code, constraint, message } = error as { code?: unknown; constraint?: unknown; message?: unknown };
  if (code === DEADLOCK_DETECTED) return true;
  // PostgreSQL names the index; SQLite names the columns.
  if (code === '23505') return constraint === FEEDBACK_IDEMPOTENCY_INDEX;
  return (
    code === 'SQLITE_CONSTRAINT_UNIQUE' && typeof message === 'string' && message.includes('feedback.idempotency_key')
  );
}
