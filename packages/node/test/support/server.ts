import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuntime, loadConfig, type Runtime } from '@hearback/server';

export interface TestServer {
  runtime: Runtime;
  /** The app's WHATWG fetch handler: pass it as the SDK's `fetch`. */
  fetch(request: Request): Promise<Response>;
  /** A placeholder origin: requests never leave the process. */
  url: string;
  orgId: string;
  inboxKey: string;
  adminKey: string;
  collectKey: string;
  close(): Promise<void>;
}

/** A real server in-process on a fresh SQLite directory, with one bootstrapped organization. */
export async function startTestServer(): Promise<TestServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-node-test-'));
  // Semantic search on (the bundled local model, loaded on first use), so `similar()` answers;
  // jobs off, so a test embeds new feedback with `runtime.jobs.runUntilIdle()`.
  const search = { embedder: 'local', idleMs: 60_000 } as const;
  const runtime = await createRuntime(loadConfig({}, { dataDir, runJobs: false, logLevel: 'silent', search }));
  const { organization, inbox, adminKey, collectKey } = await runtime.services.organizations.bootstrap({
    name: 'SDK tests',
  });
  return {
    runtime,
    fetch: async (request) => runtime.app.fetch(request),
    url: 'http://hearback.test',
    orgId: organization.id,
    inboxKey: inbox.inboxKey,
    adminKey,
    collectKey,
    async close() {
      await runtime.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
