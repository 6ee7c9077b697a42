import { closeSync, fsyncSync, openSync, renameSync, statSync, unlinkSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { readSecretFile, SECRET_FILE_NAME } from './secret-file.js';
import { ServerSecrets } from './server-secrets.js';

/**
 * The next master secret during a rotation, next to the secret file: written (and flushed) before
 * the database is re-sealed, renamed over the secret file once that committed. A crash in between
 * leaves both files, and the next rotation finds out from the database which one holds.
 */
export const PENDING_SECRET_FILE_NAME = `${SECRET_FILE_NAME}.next`;

/** Where the pending secret of `dataDir` is written. */
export function pendingSecretFilePath(dataDir: string): string {
  return join(dataDir, PENDING_SECRET_FILE_NAME);
}

function fsyncDirectory(dataDir: string): void {
  const directory = openSync(dataDir, 'r');
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
}

/** The pending secret left by an interrupted rotation, if any. */
export function readPendingSecretFile(dataDir: string): ServerSecrets | undefined {
  const path = pendingSecretFilePath(dataDir);
  if (statSync(path, { throwIfNoEntry: false }) === undefined) return undefined;
  return new ServerSecrets(readSecretFile(path));
}

/** Writes `secret` as the pending secret (mode 0600, flushed with its directory entry). */
export function writePendingSecretFile(dataDir: string, secret: string): void {
  const descriptor = openSync(pendingSecretFilePath(dataDir), 'wx', 0o600);
  try {
    writeSync(descriptor, `${secret}\n`);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  fsyncDirectory(dataDir);
}

/** Makes the pending secret the data directory's secret, in one rename (atomic), and flushes it. */
export function promotePendingSecretFile(dataDir: string): void {
  renameSync(pendingSecretFilePath(dataDir), join(dataDir, SECRET_FILE_NAME));
  fsyncDirectory(dataDir);
}

/** Forgets a pending secret the database was never re-sealed under. */
export function discardPendingSecretFile(dataDir: string): void {
  unlinkSync(pendingSecretFilePath(dataDir));
  fsyncDirectory(dataDir);
}
