import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const execFileAsync = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));

/** The CLI as shipped; the CLI and crash tests run it in child processes. */
export const BUILT_CLI = join(PACKAGE_DIR, 'dist', 'cli.js');

/** Hook timeout for {@link ensureBuiltCli}: a build on a busy two-core machine. */
export const BUILD_TIMEOUT_MS = 180_000;

// Test files run in parallel workers; the lock keeps one from deleting dist (the build starts with
// `rm -rf dist`) while another runs it. A lock older than this is left over from a killed run.
const STALE_LOCK_MS = BUILD_TIMEOUT_MS;
const LOCK_POLL_MS = 100;
const LOCK = join(
  tmpdir(),
  `hearback-build-${createHash('sha256').update(PACKAGE_DIR).digest('hex').slice(0, 12)}.lock`,
);

function newestMtime(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    }),
  );
}

function isFresh(): boolean {
  try {
    return statSync(BUILT_CLI).mtimeMs >= newestMtime(join(PACKAGE_DIR, 'src'));
  } catch {
    return false;
  }
}

function lockAge(): number {
  try {
    return Date.now() - statSync(LOCK).mtimeMs;
  } catch {
    return 0;
  }
}

async function acquireLock(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(LOCK);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    if (lockAge() > STALE_LOCK_MS) rmSync(LOCK, { recursive: true, force: true });
    // Another worker builds: nothing to await across processes but the lock directory going away.
    await delay(LOCK_POLL_MS);
  }
}

/**
 * `pnpm test` builds first; a direct `vitest run` after editing src rebuilds here, once for all
 * parallel test files, instead of testing stale code.
 */
export async function ensureBuiltCli(): Promise<void> {
  if (isFresh()) return;
  await acquireLock();
  try {
    if (!isFresh()) await execFileAsync('pnpm', ['run', 'build'], { cwd: PACKAGE_DIR });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}
