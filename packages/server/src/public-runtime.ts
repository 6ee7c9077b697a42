/**
 * The runtime as `@hearback/server` publishes it: a deliberate view over the internal
 * {@link ServerRuntime}, so its store, job runner and services can change without breaking users.
 */
import type { Config } from './config.js';
import { listen as listenRuntime, type RunningServer } from './http-server.js';
import type { Logger } from './logger.js';
import { createRuntime as createServerRuntime, type Runtime as ServerRuntime } from './runtime.js';
import type { BootstrappedOrganization } from './services/organizations.js';
import type { PlanName } from './services/plans.js';

export type { BootstrappedOrganization, RunningServer };

/** What {@link HearbackRuntime.bootstrap} creates an organization from. */
export interface BootstrapInput {
  name: string;
  /** Defaults to `HEARBACK_DEFAULT_PLAN`. */
  plan?: PlanName | undefined;
}

/** A Hearback server in this process, from {@link createRuntime}: its database is open and migrated. */
export interface HearbackRuntime {
  readonly config: Config;
  /** The HTTP API as a Hono app: `app.fetch(request)` answers a WHATWG `Request` in-process. */
  readonly app: ServerRuntime['app'];
  /**
   * Creates an organization with one inbox, an admin key with every scope and a collect-only key:
   * what `hearback init` does. The keys are shown only here.
   */
  bootstrap(input: BootstrapInput): Promise<BootstrappedOrganization>;
  /**
   * Runs the background jobs (embeddings, the webhook fan-out and deliveries) until none is due. For runtimes with
   * `runJobs: false`, where nothing runs them on its own; resolves with how many ran.
   */
  runJobsUntilIdle(): Promise<number>;
  /** Finishes in-flight writes, stops the jobs and closes the database. */
  close(): Promise<void>;
}

/** The internal runtime behind each public one, for {@link listen}. */
const serverRuntimes = new WeakMap<HearbackRuntime, ServerRuntime>();

/**
 * Opens (and migrates) the database and wires the server; starts no listener.
 *
 * @example
 * const runtime = await createRuntime(loadConfig(process.env, { dataDir: './data' }));
 * const { adminKey } = await runtime.bootstrap({ name: 'Acme' });
 * const response = await runtime.app.request('/healthz');
 */
export async function createRuntime(config: Config, logger?: Logger): Promise<HearbackRuntime> {
  const runtime = await createServerRuntime(config, logger);
  const view: HearbackRuntime = {
    config: runtime.config,
    app: runtime.app,
    bootstrap: (input) => runtime.services.organizations.bootstrap(input),
    async runJobsUntilIdle() {
      // Each consumer's work can make the next one's: events → deliveries → attempts.
      let total = 0;
      for (;;) {
        const handled =
          (await runtime.jobs.runUntilIdle()) +
          (await runtime.webhookJobs.runUntilIdle()) +
          (await runtime.deliveries.runUntilIdle());
        if (handled === 0) return total;
        total += handled;
      }
    },
    close: () => runtime.close(),
  };
  serverRuntimes.set(view, runtime);
  return view;
}

/**
 * Serves a runtime over HTTP (with the `/collect` fast path); `close()` stops the listener and
 * then closes the runtime.
 *
 * @example
 * const server = await listen(runtime, { port: 3000, host: '0.0.0.0' });
 * console.log(`Hearback on ${server.publicUrl}`);
 */
export function listen(runtime: HearbackRuntime, options: { port: number; host: string }): Promise<RunningServer> {
  const serverRuntime = serverRuntimes.get(runtime);
  if (!serverRuntime) throw new TypeError('listen() serves a runtime made by createRuntime() of @hearback/server.');
  return listenRuntime(serverRuntime, options);
}
