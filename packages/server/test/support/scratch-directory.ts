import { chmodSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Linux's RAM-backed file system, where present. */
const TMPFS = '/dev/shm';

function isWritableDirectory(path: string): boolean {
  try {
    const stat = statSync(path);
    return stat.isDirectory() && (stat.mode & 0o002) !== 0;
  } catch {
    return false;
  }
}

/**
 * Points the run's temporary files (SQLite databases, the PostgreSQL clusters, CLI data
 * directories) at a fresh directory on tmpfs, through `TMPDIR`, which the test workers and their
 * child processes inherit. SQLite commits with `synchronous = FULL`: on this machine's disk each
 * commit waited for an fsync, shared with everything else writing, and the files holding
 * `/collect`-heavy suites waited most of their time. Nothing in the suite can tell RAM from disk:
 * the crash tests kill processes, not the machine, and the page cache survives a killed process
 * either way. Left alone when `TMPDIR` is set or there is no tmpfs. Returns the cleanup.
 *
 * @example
 * const removeScratch = useScratchDirectory();
 * // … run the suite …
 * removeScratch();
 */
export function useScratchDirectory(): () => void {
  if (process.env.TMPDIR || !isWritableDirectory(TMPFS)) return () => {};
  const directory = mkdtempSync(join(TMPFS, 'hearback-tests-'));
  // As /tmp is: the PostgreSQL clusters run as the postgres user when the suite runs as root.
  chmodSync(directory, 0o1777);
  process.env.TMPDIR = directory;
  return () => {
    delete process.env.TMPDIR;
    rmSync(directory, { recursive: true, force: true });
  };
}
