import { closeSync, existsSync, fsyncSync, openSync, statSync } from 'node:fs';
import SqliteDatabase from 'better-sqlite3';
import { existingSqliteFile } from './existing-sqlite-file.js';
import { SQLITE_BUSY_TIMEOUT_MS } from './sqlite-dialect.js';

/** Why a backup could not be made; `code` says which case. */
export class BackupError extends Error {
  constructor(
    readonly code: 'target_exists' | 'copy_damaged',
    message: string,
  ) {
    super(message);
    this.name = 'BackupError';
  }
}

export interface SqliteBackup {
  /** The database copied. */
  source: string;
  /** Its size on disk, in bytes. */
  bytes: number;
  /** Feedback items in the copy. */
  feedback: number;
}

/**
 * Copies the SQLite database of `dataDir` to `target` while servers keep using it. `VACUUM INTO`
 * reads one snapshot (in WAL mode a reader never blocks the writer, nor the writer it) and writes a
 * compact copy of it; copying the file itself could miss what is still in `hearback.db-wal`. The
 * copy is synced to disk, then opened read-only and checked (`quick_check`) before it is reported.
 *
 * @example
 * const { feedback } = backupSqlite('./data', '/backups/hearback-2026-11-26.db');
 */
export function backupSqlite(dataDir: string, target: string): SqliteBackup {
  const source = existingSqliteFile(dataDir);
  if (existsSync(target)) {
    throw new BackupError('target_exists', `${target} exists; a backup never overwrites a file: name a new one.`);
  }
  const database = new SqliteDatabase(source, { fileMustExist: true });
  try {
    // The server may be committing: wait for its lock as its other commands do.
    database.pragma(`busy_timeout = ${SQLITE_BUSY_TIMEOUT_MS}`);
    database.prepare('vacuum into ?').run(target);
  } finally {
    database.close();
  }
  // VACUUM INTO writes the copy without syncing it: a backup must survive a power cut too.
  const descriptor = openSync(target, 'r');
  try {
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  const copy = new SqliteDatabase(target, { readonly: true, fileMustExist: true });
  try {
    const check = copy.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new BackupError('copy_damaged', `The copy at ${target} failed its check: ${check}.`);
    const { count } = copy.prepare('select count(*) as count from feedback').get() as { count: number };
    return { source, bytes: statSync(target).size, feedback: count };
  } finally {
    copy.close();
  }
}
