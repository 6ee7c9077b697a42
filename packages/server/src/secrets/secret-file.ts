import { randomBytes } from 'node:crypto';
import {
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import { join } from 'node:path';
import { SERVER_SECRET_MIN_LENGTH, ServerSecretError, ServerSecrets } from './server-secrets.js';

/** The secret file's name in the data directory. */
export const SECRET_FILE_NAME = 'server-secret';

/** The master secret read from (or written to) the data directory. */
export interface SecretFile {
  secrets: ServerSecrets;
  path: string;
  /** True when this call generated it (the first start). */
  created: boolean;
}

/**
 * The instance's master secret from `<dataDir>/server-secret`, generated on first start: 32 random
 * bytes as base64url text, mode 0600. Creation is atomic and never overwrites: the secret is written
 * and flushed to a temporary file, then hard-linked to its name, which fails if another process got
 * there first (that process's secret is then read). Later starts read it and refuse, with a message
 * naming the fix, a file others may read, one that cannot be read, or one too short.
 *
 * @example
 * const { secrets, created } = loadOrCreateSecretFile('./data');
 */
export function loadOrCreateSecretFile(dataDir: string): SecretFile {
  const path = join(dataDir, SECRET_FILE_NAME);
  return explained(path, () => {
    const created = statSync(path, { throwIfNoEntry: false }) === undefined && createSecretFile(dataDir, path);
    return { secrets: new ServerSecrets(readSecretFile(path)), path, created };
  });
}

/**
 * The master secret to run with: `HEARBACK_SECRET` when configured, else the data directory's
 * secret file (created on first start), which `file` then describes.
 */
export function resolveServerSecrets(
  configured: ServerSecrets | undefined,
  dataDir: string,
): { secrets: ServerSecrets; file?: SecretFile } {
  if (configured) return { secrets: configured };
  const file = loadOrCreateSecretFile(dataDir);
  return { secrets: file.secrets, file };
}

/** File-system errors (EACCES on the directory, a read-only disk) as a {@link ServerSecretError} naming the file. */
function explained<T>(path: string, work: () => T): T {
  try {
    return work();
  } catch (error) {
    if (error instanceof ServerSecretError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? String(error);
    throw new ServerSecretError(
      `The server secret file ${path} cannot be read or created (${code}); set HEARBACK_SECRET or fix the data directory's permissions.`,
      { cause: error },
    );
  }
}

/** A new master secret as the secret file holds it: 32 random bytes as base64url text (43 characters). */
export function newServerSecretText(): string {
  return randomBytes(32).toString('base64url');
}

/** Writes a new secret under `path` unless one appeared meanwhile; whether this call wrote it. */
function createSecretFile(dataDir: string, path: string): boolean {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const temporary = join(dataDir, `.${SECRET_FILE_NAME}.${process.pid}.${randomBytes(6).toString('hex')}`);
  const descriptor = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(descriptor, `${newServerSecretText()}\n`);
    fsyncSync(descriptor);
  } finally {
    closeSync(descriptor);
  }
  try {
    linkSync(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    unlinkSync(temporary);
  }
  // The new name must survive a crash too: losing it would lose every secret sealed under it.
  const directory = openSync(dataDir, 'r');
  try {
    fsyncSync(directory);
  } finally {
    closeSync(directory);
  }
  return true;
}

/** How {@link readSecretFile}'s refusals name a file and what to do about a too-short secret in it. */
export interface SecretFileWording {
  /** The file, as a sentence starts: `The server secret file`. */
  name: string;
  whenTooShort(path: string): string;
}

/** The data directory's own secret file. */
const SERVER_SECRET_FILE: SecretFileWording = {
  name: 'The server secret file',
  whenTooShort: () =>
    'Restore it from a backup, or delete it to generate a new one (stored idempotent responses are then forgotten).',
};

/**
 * The secret in a file written like the data directory's: a regular file others cannot read,
 * of at least 32 characters (surrounding white space ignored); throws a {@link ServerSecretError}
 * naming the file as `wording` says, and the fix, otherwise (a file-system error as it is).
 *
 * @example
 * readSecretFile('./data/server-secret');
 */
export function readSecretFile(path: string, wording: SecretFileWording = SERVER_SECRET_FILE): string {
  const stats = statSync(path);
  if (!stats.isFile()) throw new ServerSecretError(`${wording.name} ${path} is not a regular file.`);
  // Windows has no such mode bits; elsewhere, a secret others can read is no secret.
  if (process.platform !== 'win32' && (stats.mode & 0o077) !== 0) {
    const mode = (stats.mode & 0o777).toString(8).padStart(4, '0');
    throw new ServerSecretError(
      `${wording.name} ${path} is readable by other users (mode ${mode}); run \`chmod 600 ${path}\`.`,
    );
  }
  const secret = readFileSync(path, 'utf8').trim();
  if (secret.length < SERVER_SECRET_MIN_LENGTH) {
    throw new ServerSecretError(
      `${wording.name} ${path} is too short (${secret.length} characters; at least ${SERVER_SECRET_MIN_LENGTH}). ${wording.whenTooShort(path)}`,
    );
  }
  return secret;
}
