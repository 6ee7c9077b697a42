import { statSync } from 'node:fs';
import { join } from 'node:path';
import { counted } from '@hearback/spec';
import type { Config } from '../config.js';
import {
  discardPendingSecretFile,
  pendingSecretFilePath,
  promotePendingSecretFile,
  readPendingSecretFile,
  writePendingSecretFile,
} from '../secrets/pending-secret-file.js';
import {
  loadOrCreateSecretFile,
  newServerSecretText,
  readSecretFile,
  SECRET_FILE_NAME,
  type SecretFileWording,
} from '../secrets/secret-file.js';
import { ServerSecretError, ServerSecrets } from '../secrets/server-secrets.js';
import {
  assertRotatable,
  type RotationSummary,
  rotateMasterSecret,
  sealedUnder,
} from '../services/master-secret-rotation.js';
import { openExistingDatabase } from '../storage/existing-database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { createStore, type Store } from '../storage/store.js';

export interface RotateMasterOptions {
  newSecretFile?: string;
  dataDir?: string;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

/** `--new-secret-file`'s problems, told about that file (not the data directory's). */
const NEW_SECRET_FILE: SecretFileWording = {
  name: 'The new secret file (--new-secret-file)',
  whenTooShort: (path) =>
    `Write a longer secret to it (\`openssl rand -base64 32 > ${path}\`), or leave --new-secret-file out to have one generated.`,
};

/** The secret of `--new-secret-file`, or an error about that file: missing, unreadable, unfit. */
function readNewSecretFile(path: string): string {
  try {
    return readSecretFile(path, NEW_SECRET_FILE);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new Error(`${NEW_SECRET_FILE.name} ${path} does not exist.`, { cause: error });
    if (!(error instanceof ServerSecretError)) {
      throw new Error(`${NEW_SECRET_FILE.name} ${path} cannot be read (${code ?? String(error)}).`, { cause: error });
    }
    throw error;
  }
}

/** Where the current master secret comes from: `HEARBACK_SECRET`, or the data directory's file. */
type SecretSource =
  | { kind: 'environment'; secrets: ServerSecrets }
  | { kind: 'file'; secrets: ServerSecrets; dataDir: string; path: string };

function currentSecret(config: Config): SecretSource {
  if (config.secret) return { kind: 'environment', secrets: config.secret };
  const path = join(config.dataDir, SECRET_FILE_NAME);
  // Never create one here: a new secret would open nothing already stored.
  if (statSync(path, { throwIfNoEntry: false }) === undefined) {
    throw new Error(
      `No server secret to rotate: HEARBACK_SECRET is not set and ${path} does not exist (a server creates it on its first start; pass --data-dir or set HEARBACK_SECRET as the server has it).`,
    );
  }
  return { kind: 'file', secrets: loadOrCreateSecretFile(config.dataDir).secrets, dataDir: config.dataDir, path };
}

/**
 * A crash between the re-sealing commit and the file's rename leaves the next secret pending: the
 * database tells which secret holds. True when that finished the rotation (nothing more to do).
 */
async function settleInterruptedRotation(store: Store, source: SecretSource & { kind: 'file' }): Promise<boolean> {
  const pending = readPendingSecretFile(source.dataDir);
  if (!pending) return false;
  if ((await sealedUnder(store, [source.secrets, pending])) === 1) {
    promotePendingSecretFile(source.dataDir);
    say(
      `Finished an interrupted rotation: the database was already sealed under ${pendingSecretFilePath(source.dataDir)}, now ${source.path}. Start the servers again (run this command again to rotate once more).`,
    );
    return true;
  }
  discardPendingSecretFile(source.dataDir);
  say(`Discarded ${pendingSecretFilePath(source.dataDir)}, left by a rotation that had not committed.`);
  return false;
}

/** `step`, its failure told with the secret to keep using (nothing changed). */
async function keepingCurrent<Result>(source: SecretSource, step: () => Promise<Result>): Promise<Result> {
  try {
    return await step();
  } catch (error) {
    const keep = source.kind === 'file' ? source.path : 'the current HEARBACK_SECRET';
    throw new Error(`${error instanceof Error ? error.message : String(error)} (Keep using ${keep}.)`, {
      cause: error,
    });
  }
}

function summaryLines(summary: RotationSummary): string[] {
  return [
    `Re-sealed ${counted(summary.organizationSecrets, 'organization secret')}, ${counted(summary.signingSecrets, 'webhook signing secret')} and ${counted(summary.ssoClientSecrets, 'SSO client secret')} in one transaction.`,
    `Deleted ${counted(summary.idempotencyRecordsDeleted, 'idempotency record')}: replays of Idempotency-Key retries are sealed with the client's key, which the server never stores, so they cannot be re-sealed. They live a day; a retry with the same key now runs again.`,
  ];
}

/**
 * `hearback secrets rotate-master`: re-seals everything under a new master secret in one
 * transaction, then puts the new secret where the current one was read (see secrets-commands.ts).
 *
 * @example
 * await rotateMaster(loadConfig(undefined, { runJobs: false }), { newSecretFile: './next-secret' });
 */
export async function rotateMaster(config: Config, options: RotateMasterOptions): Promise<void> {
  // First: a missing database is the mistake to name (a mistyped --data-dir has no secret either).
  const database = await openExistingDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    const source = currentSecret(config);
    await migrateToLatest(database);
    const store = createStore(database);
    say(
      `Rotating the server master secret of ${database.dialect.name} (${database.location}); the current one is ${source.kind === 'environment' ? 'HEARBACK_SECRET' : source.path}.`,
    );
    say(
      'Every server and worker using this database must be stopped: one still running keeps sealing with the old secret.',
    );
    if (source.kind === 'file' && (await settleInterruptedRotation(store, source))) return;
    // Before a new secret is made, kept or shown: a refusal must not hand out one nothing uses.
    await keepingCurrent(source, () => assertRotatable(store, source.secrets));

    const nextText = options.newSecretFile ? readNewSecretFile(options.newSecretFile) : newServerSecretText();
    const next = new ServerSecrets(nextText);
    if (next.sameAs(source.secrets)) throw new Error('The new secret is the current one; nothing to do.');
    // The new secret is kept (file) or shown (environment) before the commit: a crash after it
    // must not leave the data sealed under a secret nobody has.
    if (source.kind === 'file') writePendingSecretFile(source.dataDir, nextText);
    else if (!options.newSecretFile) {
      say('');
      say('WARNING: the new secret, shown this once. Keep it: after the rotation nothing opens without it.');
      say(`HEARBACK_SECRET=${nextText}`);
      say('');
    }
    let summary: RotationSummary;
    try {
      summary = await keepingCurrent(source, () => rotateMasterSecret(store, source.secrets, next));
    } catch (error) {
      if (source.kind === 'file') discardPendingSecretFile(source.dataDir);
      throw error;
    }
    if (source.kind === 'file') promotePendingSecretFile(source.dataDir);
    for (const line of summaryLines(summary)) say(line);
    if (source.kind === 'file') say(`The new secret is in ${source.path} (mode 0600). Start the servers again.`);
    else {
      const where = options.newSecretFile ? `the content of ${options.newSecretFile}` : 'the value shown above';
      say(`Set HEARBACK_SECRET to ${where} in every process that uses this database, then start them.`);
      const unused = join(config.dataDir, SECRET_FILE_NAME);
      if (statSync(unused, { throwIfNoEntry: false })) {
        say(
          `${unused} (not used while HEARBACK_SECRET is set) was left as it was and opens none of the re-sealed values: delete it, or replace its content with the new secret.`,
        );
      }
    }
  } finally {
    await database.close();
  }
}
