import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Config, createRuntime, type HearbackRuntime, listen, loadConfig } from '@hearback/server';

export interface TestServer {
  runtime: HearbackRuntime;
  /** The app's WHATWG fetch handler: pass it as a client's or SDK's `fetch`. */
  fetch(request: Request): Promise<Response>;
  orgId: string;
  inboxId: string;
  inboxKey: string;
  adminKey: string;
  collectKey: string;
  /** An admin REST call answered in-process. */
  rest(path: string, init?: RequestInit): Promise<Response>;
  /** Serves the runtime on a loopback port (for child processes) and returns its URL. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  /** Search settings; by default words only (no model to load). */
  search?: Config['search'];
  /** Networks webhooks may reach besides public ones (`HEARBACK_WEBHOOK_ALLOWED_CIDRS`), e.g. `127.0.0.0/8`. */
  webhookAllowedCidrs?: string[];
  /** DNS servers for SSO domain verification (`HEARBACK_DNS_SERVERS`). */
  dnsServers?: string[];
}

/**
 * The real Hearback server over a throwaway SQLite directory, with one bootstrapped organization,
 * driven in-process (or on a loopback port once `listen()` ran). Jobs are off: a test runs them
 * with `runtime.runJobsUntilIdle()`.
 *
 * @example
 * const server = await startServer();
 * const client = createHearbackClient({ baseUrl: 'http://hearback.test', fetch: server.fetch });
 */
export async function startServer(options: TestServerOptions = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-integration-'));
  const search: Config['search'] = options.search ?? { embedder: 'off', idleMs: 0 };
  const webhookAllowedCidrs = options.webhookAllowedCidrs ?? [];
  const runtime = await createRuntime(
    loadConfig(
      {},
      { dataDir, runJobs: false, logLevel: 'error', search, webhookAllowedCidrs, dnsServers: options.dnsServers },
    ),
  );
  const { organization, inbox, adminKey, collectKey } = await runtime.bootstrap({
    name: 'Integration tests',
  });
  let running: { close(): Promise<void> } | undefined;
  return {
    runtime,
    fetch: async (request) => runtime.app.fetch(request),
    orgId: organization.id,
    inboxId: inbox.id,
    inboxKey: inbox.inboxKey,
    adminKey,
    collectKey,
    rest: (path, init = {}) => {
      const headers = new Headers(init.headers);
      headers.set('x-service-key', adminKey);
      return Promise.resolve(runtime.app.request(path, { ...init, headers }));
    },
    async listen() {
      const listening = await listen(runtime, { port: 0, host: '127.0.0.1' });
      running = listening;
      return listening.url;
    },
    async close() {
      // A listening server closes the runtime with it.
      if (running) await running.close();
      else await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
