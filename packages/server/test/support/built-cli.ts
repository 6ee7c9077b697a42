import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll } from 'vitest';

const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** The CLI as shipped: run it with `process.execPath` after {@link ensureBuilt}. */
export const CLI = join(PACKAGE_DIR, 'dist', 'cli.js');
/**
 * The environment of a CLI child process: this process's, on the embedded SQLite database (no
 * DATABASE_URL), on loopback, printing errors only.
 */
export const CLI_ENV: NodeJS.ProcessEnv = {
  ...process.env,
  DATABASE_URL: '',
  HOST: '127.0.0.1',
  HEARBACK_LOG_LEVEL: 'error',
};

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * Runs dist/cli.js with `args` to its end, in {@link CLI_ENV} with `env` over it: its exit code
 * and everything it printed.
 *
 * @example
 * const { code, stdout } = await runCli(['orgs', 'list', '--data-dir', dataDir]);
 */
export async function runCli(args: readonly string[], env: Record<string, string> = {}): Promise<CliResult> {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [CLI, ...args], {
      env: { ...CLI_ENV, ...env },
      maxBuffer: 64 * 1024 * 1024,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

function newestMtime(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    }),
  );
}

/** Hook timeout for {@link ensureBuilt}: a build on a busy two-core machine. */
export const BUILD_TIMEOUT_MS = 180_000;

// Test files run in parallel workers; the lock keeps one from deleting dist (the build starts with
// `rm -rf dist`) while another runs it. A lock older than this is left over from a killed run.
const STALE_LOCK_MS = BUILD_TIMEOUT_MS;
const LOCK_POLL_MS = 100;
const LOCK = join(
  tmpdir(),
  `hearback-build-${createHash('sha256').update(PACKAGE_DIR).digest('hex').slice(0, 12)}.lock`,
);

function isFresh(): boolean {
  try {
    return statSync(CLI).mtimeMs >= newestMtime(join(PACKAGE_DIR, 'src'));
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
 * Builds the server when `src` changed since the last build: `pnpm test` builds first, and a direct
 * `vitest run` after editing src then tests current code, not a stale build. Once for all parallel
 * test files (see LOCK).
 */
export async function ensureBuilt(): Promise<void> {
  if (isFresh()) return;
  await acquireLock();
  try {
    if (!isFresh()) await promisify(execFile)('pnpm', ['run', 'build'], { cwd: PACKAGE_DIR });
  } finally {
    rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * For a `describe` of the built CLI: builds it before the suite ({@link ensureBuilt}) and hands
 * out fresh directories (`hearback-<name>-…` in the system's temporary directory), all removed
 * after the suite.
 *
 * @example
 * const newDir = useBuiltCli('backup');
 * const dataDir = newDir();
 */
export function useBuiltCli(name: string): () => string {
  const dirs: string[] = [];
  beforeAll(ensureBuilt, BUILD_TIMEOUT_MS);
  afterAll(() => {
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });
  return () => {
    const dir = mkdtempSync(join(tmpdir(), `hearback-${name}-`));
    dirs.push(dir);
    return dir;
  };
}

export interface ServeProcess {
  url: string;
  /** Sends `signal`; resolves with the exit code (null when the signal ended it). */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
  output(): string;
  /** Resolves once the output (stdout and stderr) contains `text`; rejects if the process exits first. */
  printed(text: string | RegExp): Promise<void>;
}

/**
 * `hearback serve` from dist/cli.js in a child process on port 0, resolved once it listens. `env`
 * is added to this process's environment (DATABASE_URL defaults to none: SQLite in `dataDir`);
 * `command` is the words before the options (none: serve as the default command).
 *
 * @example
 * const server = await spawnServe(dataDir, { HEARBACK_SEARCH: 'off' });
 * expect(await server.stop()).toBe(0);
 */
export async function spawnServe(
  dataDir: string,
  env: Record<string, string> = {},
  command: readonly string[] = ['serve'],
): Promise<ServeProcess> {
  const child: ChildProcess = spawn(process.execPath, [CLI, ...command, '--port', '0', '--data-dir', dataDir], {
    env: { ...CLI_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const url = await new Promise<string>((resolveUrl, reject) => {
    const check = () => {
      const found = /listening on (http:\/\/\S+)[\s\S]*\nAPI reference: /.exec(output)?.[1];
      if (found) resolveUrl(found);
    };
    child.stdout?.on('data', check);
    void exited.then(() => reject(new Error(`serve exited before listening:\n${output}`)));
  });
  return {
    url,
    output: () => output,
    printed: (text) =>
      new Promise<void>((resolvePrinted, reject) => {
        const check = () => {
          if (typeof text === 'string' ? !output.includes(text) : !text.test(output)) return false;
          child.stdout?.off('data', check);
          child.stderr?.off('data', check);
          resolvePrinted();
          return true;
        };
        if (check()) return;
        child.stdout?.on('data', check);
        child.stderr?.on('data', check);
        void exited.then(() => reject(new Error(`serve exited before printing "${text}":\n${output}`)));
      }),
    stop(signal = 'SIGTERM') {
      child.kill(signal);
      return exited;
    },
  };
}
