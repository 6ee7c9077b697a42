import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, inject } from 'vitest';
import { type Config, loadConfig } from '../../src/config.js';
import type { Logger } from '../../src/logger.js';
import { createRuntime, type Runtime, type RuntimeOptions } from '../../src/runtime.js';
import type { BootstrappedOrganization } from '../../src/services/organizations.js';
import { createTestDatabase } from './postgres-server.js';
import { POSTGRES_TEMPLATE } from './template-databases.js';

export type DialectName = 'sqlite' | 'postgres';

export interface TestBed {
  runtime: Runtime;
  /** Two tenants, so every test can check that one never sees the other. */
  orgA: BootstrappedOrganization;
  orgB: BootstrappedOrganization;
  request(path: string, init?: AppRequestInit): Promise<Response>;
}

/**
 * A request to the app: `key` sends an API key; `session` a session cookie (`hearback.session_token=…`)
 * with the instance's own `Origin`, as a browser on the dashboard would; `json` a JSON body.
 */
export type AppRequestInit = RequestInit & { key?: string | undefined; session?: string | undefined; json?: unknown };

export interface SharedDatabase {
  /** The SQLite data directory (also set for PostgreSQL, where it stays empty). */
  dataDir: string;
  /** The PostgreSQL database, or undefined on SQLite. */
  databaseUrl: string | undefined;
  /** A runtime on this database (search off unless `options.embedder` is given; jobs off unless asked). */
  open(overrides?: Partial<Config>, options?: RuntimeOptions, logger?: Logger): Promise<Runtime>;
  /** Closes every runtime `open` made that is still open, then removes the database. */
  cleanup(): Promise<void>;
}

/**
 * A fresh, migrated database of the dialect (a copy of the run's template, see
 * template-databases.ts) that runtimes (or `hearback serve` processes) open one after
 * another, as restarts of a server, or several servers, do.
 *
 * @example
 * const database = await sharedTestDatabase('sqlite');
 * const first = await database.open({ runJobs: true });
 */
export async function sharedTestDatabase(dialect: DialectName): Promise<SharedDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-test-'));
  const postgres =
    dialect === 'postgres' ? await createTestDatabase(postgresAdminUrl(), { template: POSTGRES_TEMPLATE }) : undefined;
  if (!postgres) {
    const template = inject('sqliteTemplate');
    copyFileSync(template, join(dataDir, basename(template)));
  }
  const opened: Runtime[] = [];
  const closed = new WeakSet<Runtime>();
  return {
    dataDir,
    databaseUrl: postgres?.url,
    async open(overrides = {}, options = {}, logger = undefined) {
      // Search off unless a suite asks for it: the embedding job would load the model (~170 MB) in
      // every suite that runs jobs.
      const search = { embedder: 'off', idleMs: 0 } as const;
      const config = loadConfig(
        {},
        { dataDir, databaseUrl: postgres?.url, runJobs: false, logLevel: 'silent', search, ...overrides },
      );
      const runtime = await createRuntime(config, logger, options);
      const close = runtime.close.bind(runtime);
      runtime.close = async () => {
        closed.add(runtime);
        await close();
      };
      opened.push(runtime);
      return runtime;
    },
    async cleanup() {
      for (const runtime of opened) if (!closed.has(runtime)) await runtime.close();
      await postgres?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** A runtime on a fresh database of the given dialect; `cleanup` removes every trace. */
export async function openTestRuntime(
  dialect: DialectName,
  overrides: Partial<Config> = {},
  options: RuntimeOptions = {},
  logger?: Logger,
): Promise<{ runtime: Runtime; cleanup(): Promise<void> }> {
  const database = await sharedTestDatabase(dialect);
  return { runtime: await database.open(overrides, options, logger), cleanup: () => database.cleanup() };
}

/**
 * Admin URL of this worker's throwaway PostgreSQL server (test/support/global-setup.ts), or ''
 * when PostgreSQL is unavailable. Create databases on it with `createTestDatabase`.
 */
export function postgresAdminUrl(): string {
  const urls = inject('postgresUrls');
  if (urls.length === 0) return '';
  // VITEST_POOL_ID runs from 1 to maxWorkers: one worker, one server.
  const worker = Number(process.env.VITEST_POOL_ID ?? 1);
  return urls[(worker - 1) % urls.length] ?? '';
}

/**
 * Gives every test of the enclosing `describe` a runtime on a fresh database (see
 * openTestRuntime), handed to `use` before the test and closed and removed after it.
 *
 * @example
 * let runtime: Runtime;
 * freshRuntimeEachTest(dialect, { commitWindowMs: 50 }, (opened) => { runtime = opened; });
 */
export function freshRuntimeEachTest(
  dialect: DialectName,
  overrides: Partial<Config>,
  use: (runtime: Runtime) => void,
): void {
  let cleanup: (() => Promise<void>) | undefined;
  beforeEach(async () => {
    const opened = await openTestRuntime(dialect, overrides);
    cleanup = opened.cleanup;
    use(opened.runtime);
  });
  afterEach(async () => {
    await cleanup?.();
    cleanup = undefined;
  });
}

export function dialectsUnderTest(): DialectName[] {
  return postgresAdminUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
}

/**
 * Runs a suite once per storage dialect (SQLite always; PostgreSQL when the harness started one),
 * each on a fresh database with two bootstrapped organizations.
 */
export function describeEachDatabase(
  title: string,
  suite: (bed: () => TestBed, dialect: DialectName) => void,
  overrides: Partial<Config> = {},
): void {
  for (const dialect of dialectsUnderTest()) {
    describe(`${title} [${dialect}]`, () => {
      let bed: TestBed | undefined;
      let cleanup: (() => Promise<void>) | undefined;
      beforeAll(async () => {
        const opened = await openTestRuntime(dialect, overrides);
        cleanup = opened.cleanup;
        const { runtime } = opened;
        const orgA = await runtime.services.organizations.bootstrap({ name: 'Org A' });
        const orgB = await runtime.services.organizations.bootstrap({ name: 'Org B' });
        bed = { runtime, orgA, orgB, request: (path, init) => requestApp(runtime, path, init) };
      });
      afterAll(async () => {
        await cleanup?.();
      });
      suite(() => {
        if (!bed) throw new Error('Test bed not ready');
        return bed;
      }, dialect);
    });
  }
}

export function requestApp(runtime: Runtime, path: string, init: AppRequestInit = {}): Promise<Response> {
  const { key, session, json, headers, ...rest } = init;
  const merged = new Headers(headers);
  if (key) merged.set('x-service-key', key);
  if (session) {
    merged.set('cookie', session);
    if (!merged.has('origin')) merged.set('origin', 'http://localhost');
  }
  if (json !== undefined) merged.set('content-type', 'application/json');
  return Promise.resolve(
    runtime.app.request(path, { ...rest, headers: merged, ...(json !== undefined && { body: JSON.stringify(json) }) }),
  );
}
