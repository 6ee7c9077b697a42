import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const execFileAsync = promisify(execFile);

const REQUIRED_BINARIES = ['initdb', 'pg_ctl', 'postgres'] as const;
const DEBIAN_PG_ROOT = '/usr/lib/postgresql';
const LOG_TAIL_LINES = 40;
// Picking a free port and then binding it is racy; a couple of retries makes
// a collision with a parallel job a non-event.
const START_ATTEMPTS = 3;

export interface PostgresServer {
  url: string;
  stop(): Promise<void>;
}

export interface StartPostgresOptions {
  log?: (line: string) => void;
}

export interface TestDatabase {
  url: string;
  drop(): Promise<void>;
}

interface OsUser {
  name: string;
  uid: number;
  gid: number;
}

/** How to invoke the PostgreSQL binaries: directly, or through runuser when we are root. */
interface Runner {
  binDir: string;
  asUser: OsUser | null;
}

function hasAllBinaries(dir: string): boolean {
  return REQUIRED_BINARIES.every((name) => existsSync(join(dir, name)));
}

function debianBinDirs(): string[] {
  let versions: string[];
  try {
    versions = readdirSync(DEBIAN_PG_ROOT);
  } catch {
    return [];
  }
  // Numeric sort: a string sort would rank 9.6 above 15.
  return versions
    .filter((version) => /^\d+(\.\d+)?$/.test(version))
    .sort((a, b) => Number(b) - Number(a))
    .map((version) => join(DEBIAN_PG_ROOT, version, 'bin'));
}

function pathDirs(): string[] {
  return (process.env.PATH ?? '').split(delimiter).filter((dir) => dir !== '');
}

/**
 * Directory holding initdb, pg_ctl and postgres, or null. Debian keeps these
 * out of PATH (only wrappers like psql are linked into /usr/bin), hence the
 * explicit /usr/lib/postgresql search first.
 */
export function findPostgresBinaries(): string | null {
  return [...debianBinDirs(), ...pathDirs()].find(hasAllBinaries) ?? null;
}

async function lookupUser(name: string): Promise<OsUser> {
  const id = async (flag: '-u' | '-g'): Promise<number> => {
    const { stdout } = await execFileAsync('id', [flag, name]);
    return Number.parseInt(stdout.trim(), 10);
  };
  try {
    return { name, uid: await id('-u'), gid: await id('-g') };
  } catch (error) {
    throw new Error(
      `Running as root, so PostgreSQL must run as the "${name}" user, but it does not exist ` +
        `(initdb/postgres refuse to run as root): ${errorMessage(error)}`,
    );
  }
}

async function createRunner(binDir: string): Promise<Runner> {
  const asUser = process.getuid?.() === 0 ? await lookupUser('postgres') : null;
  return { binDir, asUser };
}

async function run(runner: Runner, binary: string, args: string[], cwd: string): Promise<string> {
  const command = join(runner.binDir, binary);
  const [file, fileArgs] = runner.asUser
    ? ['runuser', ['-u', runner.asUser.name, '--', command, ...args]]
    : [command, args];
  // cwd is the cluster dir because the postgres user may not be able to read
  // our own cwd (e.g. /root), which makes initdb/pg_ctl complain.
  const { stdout } = await execFileAsync(file, fileArgs, { cwd, env: serverEnv() });
  return stdout;
}

/**
 * Ambient PG* variables (PGDATA, PGPORT, ...) must not leak into pg_ctl and
 * the server, and a locale that is set but not installed makes initdb fail.
 */
function serverEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (!key.startsWith('PG') && !key.startsWith('LC_') && key !== 'LANG') env[key] = value;
  }
  env.LC_ALL = 'C';
  return env;
}

async function makeClusterDir(asUser: OsUser | null): Promise<string> {
  // mkdtemp creates the directory with mode 0o700; handing it to postgres
  // keeps it private yet usable as data directory and socket directory.
  const dir = await mkdtemp(join(tmpdir(), 'hb-pg-'));
  if (asUser) await chown(dir, asUser.uid, asUser.gid);
  return dir;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => (port ? resolve(port) : reject(new Error('could not obtain a free port'))));
    });
  });
}

async function logTail(dir: string): Promise<string> {
  try {
    const text = await readFile(join(dir, 'log'), 'utf8');
    return text.trimEnd().split('\n').slice(-LOG_TAIL_LINES).join('\n');
  } catch {
    return '(no server log was written)';
  }
}

function errorMessage(error: unknown): string {
  // execFile's errors already include the child's stderr, where initdb/pg_ctl explain themselves.
  return error instanceof Error ? error.message : String(error);
}

async function initCluster(runner: Runner, dir: string): Promise<void> {
  try {
    await run(runner, 'initdb', ['-D', dir, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8'], dir);
  } catch (error) {
    throw new Error(`initdb failed in ${dir}: ${errorMessage(error)}`);
  }
}

function startArgs(dir: string, port: number): string[] {
  // pg_ctl hands -o to /bin/sh, so the path is quoted in case TMPDIR has spaces.
  const serverOptions = [
    `-p ${port}`,
    `-k '${dir}'`,
    '-c listen_addresses=127.0.0.1',
    // Throwaway data: no test here restarts or kills PostgreSQL itself (crash.test.ts SIGKILLs the
    // Node server, whose acknowledged rows live on in the running PostgreSQL either way), so
    // flushing to disk buys nothing but time.
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    // Shared memory segments as files in the data directory instead of POSIX ones in /dev/shm,
    // which a cluster stopped abruptly leaves behind (owned by postgres, named PostgreSQL.<n>): with
    // the data directory they go when it is removed, a killed run's too (scratch-directory.ts).
    '-c dynamic_shared_memory_type=mmap',
  ].join(' ');
  return ['-D', dir, '-w', '-o', serverOptions, '-l', join(dir, 'log'), 'start'];
}

/** Starts the server and returns its port; retries when the chosen port got taken meanwhile. */
async function startServer(runner: Runner, dir: string): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const port = await freePort();
    try {
      await run(runner, 'pg_ctl', startArgs(dir, port), dir);
      return port;
    } catch (error) {
      const tail = await logTail(dir);
      if (attempt < START_ATTEMPTS && /could not bind|address already in use/i.test(tail)) continue;
      throw new Error(
        `pg_ctl start failed (port ${port}, data dir ${dir}): ${errorMessage(error)}\n` +
          `--- last lines of ${join(dir, 'log')} ---\n${tail}`,
      );
    }
  }
}

async function stopServer(runner: Runner, dir: string): Promise<void> {
  await run(runner, 'pg_ctl', ['-D', dir, '-m', 'fast', 'stop'], dir);
}

/**
 * Starts a throwaway PostgreSQL cluster in a fresh temp directory. It only
 * listens on 127.0.0.1 and trusts every local connection, so it is for tests only.
 */
export async function startPostgres(options: StartPostgresOptions = {}): Promise<PostgresServer> {
  const log = options.log ?? (() => {});
  const binDir = findPostgresBinaries();
  if (!binDir) throw new Error('PostgreSQL binaries (initdb, pg_ctl, postgres) not found');

  const runner = await createRunner(binDir);
  const dir = await makeClusterDir(runner.asUser);
  const removeDir = () => rm(dir, { recursive: true, force: true });

  let port: number;
  try {
    log(`initdb ${dir} (${binDir}${runner.asUser ? `, as ${runner.asUser.name}` : ''})`);
    await initCluster(runner, dir);
    port = await startServer(runner, dir);
  } catch (error) {
    await removeDir();
    throw error;
  }
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  log(`postgres listening at ${url}`);

  let stopped: Promise<void> | undefined;
  const stop = (): Promise<void> => {
    // Idempotent: a failing test run may reach teardown more than once.
    stopped ??= (async () => {
      try {
        await stopServer(runner, dir);
      } finally {
        // Even if pg_ctl failed, free the disk; the postmaster exits on its own
        // once it notices that its data directory is gone.
        await removeDir();
      }
      log(`postgres at ${url} stopped`);
    })();
    return stopped;
  };
  return { url, stop };
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export interface CreateTestDatabaseOptions {
  /** Copy this database (nobody may be connected to it) instead of starting empty. */
  template?: string | undefined;
  /** A fixed name instead of a random one. */
  name?: string | undefined;
}

/**
 * Creates a database on the server behind adminUrl so each test file gets isolated state: empty,
 * or a copy of a template, which is cheaper than migrating.
 */
export async function createTestDatabase(
  adminUrl: string,
  { template, name = `hb_test_${randomBytes(8).toString('hex')}` }: CreateTestDatabaseOptions = {},
): Promise<TestDatabase> {
  const from = template ? ` TEMPLATE ${pg.escapeIdentifier(template)}` : '';
  await withClient(adminUrl, (client) => client.query(`CREATE DATABASE ${pg.escapeIdentifier(name)}${from}`));

  const url = new URL(adminUrl);
  url.pathname = `/${name}`;

  let dropped: Promise<void> | undefined;
  const drop = (): Promise<void> => {
    // FORCE so that a pool a test forgot to close does not make teardown fail.
    dropped ??= withClient(adminUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS ${pg.escapeIdentifier(name)} WITH (FORCE)`);
    });
    return dropped;
  };
  return { url: url.toString(), drop };
}
