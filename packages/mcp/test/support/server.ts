import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuntime, listen, loadConfig, type Runtime } from '@hearback/server';

export interface TestServer {
  runtime: Runtime;
  /** Set once `listen()` ran. */
  url: string | undefined;
  orgId: string;
  inboxKey: string;
  inboxId: string;
  adminKey: string;
  collectKey: string;
  /** An admin REST call answered in-process. */
  rest(path: string, init?: RequestInit): Promise<Response>;
  /** Serves the runtime on a loopback port (for child processes). */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** The real Hearback server over a throwaway SQLite directory, with one organization. */
export async function startServer(): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-mcp-test-'));
  // Search by words alone (no model to load): these suites check the tools' wiring, and the
  // server's own search suite checks ranking by meaning.
  const search = { embedder: 'off', idleMs: 0 } as const;
  const runtime = await createRuntime(loadConfig({}, { dataDir, runJobs: false, logLevel: 'silent', search }));
  const { organization, inbox, adminKey, collectKey } = await runtime.services.organizations.bootstrap({
    name: 'MCP package tests',
  });
  let running: { close(): Promise<void> } | undefined;
  const server: TestServer = {
    runtime,
    url: undefined,
    orgId: organization.id,
    inboxKey: inbox.inboxKey,
    inboxId: inbox.id,
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
      server.url = listening.url;
      return listening.url;
    },
    async close() {
      // A listening server closes the runtime with it.
      if (running) await running.close();
      else await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return server;
}
