/**
 * There is no Hearback database where the configuration points: a command that operates on an
 * existing instance refuses rather than create one (only `init` and `serve` make an instance), so
 * a mistyped `--data-dir` or `DATABASE_URL` is told, not answered from a new, empty database.
 */
export class NoDatabaseError extends Error {
  readonly code = 'no_database';
  override name = 'NoDatabaseError';
}
