import { chmodSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** Linux's RAM-backed file system, where present. */
const TMPFS = '/dev/shm';

/** A run's directory is `hearback-tests-<pid>-XXXXXX`: the pid of the process that made it. */
const PREFIX = 'hearback-tests-';
const OWNED_BY = /^hearback-tests-(\d+)-/;

function isWritableDirectory(path: string): boolean {
  try {
    const stat = statSync(path);
    return stat.isDirectory() && (stat.mode & 0o002) !== 0;
  } catch {
    return false;
  }
}

/**
 * Whether the process with this pid is still running (one of another user's answers EPERM: it is).
 * A zombie has ended, only its parent has not reaped it yet (in a container whose first process
 * reaps nothing, that can take until the container stops); Linux tells them apart in /proc.
 */
export function processExists(
  pid: number,
  readStat = (id: number) => readFileSync(`/proc/${id}/stat`, 'utf8'),
): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  try {
    return stateOf(readStat(pid)) !== 'Z';
  } catch {
    return true;
  }
}

/**
 * The state letter of a `/proc/<pid>/stat` line ("pid (command) state …"): the command may hold
 * spaces and parentheses, so the state is the letter after the last ")".
 *
 * @example
 * stateOf('3674 (a) b) Z 3670 3670 …'); // 'Z'
 */
export function stateOf(stat: string): string {
  const end = stat.lastIndexOf(')');
  return stat.slice(end + 2, end + 3);
}

/**
 * Removes the scratch directories under `parent` whose run has ended without removing its own: a
 * run killed before its teardown (Ctrl-C twice, a CI job cancelled, the OOM killer) leaves its
 * databases in RAM until the next boot. A directory whose process still exists is another run's,
 * going on beside this one (or one whose pid came back, left for a later run). A PostgreSQL
 * cluster still running in a removed directory stops by itself once it sees its lock file gone.
 * Returns the directories removed.
 *
 * @example
 * removeStaleScratchDirectories('/dev/shm'); // ['/dev/shm/hearback-tests-41234-Ab12Cd']
 */
export function removeStaleScratchDirectories(parent: string, exists = processExists): string[] {
  let names: string[];
  try {
    names = readdirSync(parent);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const name of names) {
    const pid = OWNED_BY.exec(name)?.[1];
    if (pid === undefined || exists(Number(pid))) continue;
    const directory = join(parent, name);
    try {
      rmSync(directory, { recursive: true, force: true });
      removed.push(directory);
    } catch {
      // Another user's, say: not ours to remove.
    }
  }
  return removed;
}

/**
 * Points the run's temporary files (SQLite databases, the PostgreSQL clusters, CLI data
 * directories) at a fresh directory on tmpfs, through `TMPDIR`, which the test workers and their
 * child processes inherit. SQLite commits with `synchronous = FULL`: on this machine's disk each
 * commit waited for an fsync, shared with everything else writing, and the files holding
 * `/collect`-heavy suites waited most of their time. Nothing in the suite can tell RAM from disk:
 * the crash tests kill processes, not the machine, and the page cache survives a killed process
 * either way. Directories that killed runs left there are removed first
 * ({@link removeStaleScratchDirectories}). Left alone when `TMPDIR` is set or there is no tmpfs.
 * Returns the cleanup.
 *
 * @example
 * const removeScratch = useScratchDirectory();
 * // … run the suite …
 * removeScratch();
 */
export function useScratchDirectory(): () => void {
  if (process.env.TMPDIR || !isWritableDirectory(TMPFS)) return () => {};
  removeStaleScratchDirectories(TMPFS);
  const directory = mkdtempSync(join(TMPFS, `${PREFIX}${process.pid}-`));
  // As /tmp is: the PostgreSQL clusters run as the postgres user when the suite runs as root.
  chmodSync(directory, 0o1777);
  process.env.TMPDIR = directory;
  return () => {
    delete process.env.TMPDIR;
    rmSync(directory, { recursive: true, force: true });
  };
}
