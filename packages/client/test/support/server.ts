import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuntime, loadConfig, type Runtime } from '@hearback/server';

export interface InProcessServer {
  runtime: Runtime;
  /** The server's WHATWG fetch handler: pass it as the client's `fetch`. */
  fetch(request: Request): Promise<Response>;
  orgId: string;
  inboxKey: string;
  adminKey: string;
  collectKey: string;
  close(): Promise<void>;
}

/** A real server on a fresh SQLite directory with one bootstrapped organization, driven in-process. */
export async function startInProcessServer(): Promise<InProcessServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-client-test-'));
  const runtime = await createRuntime(loadConfig({}, { dataDir, runJobs: false, logLevel: 'silent' }));
  const { organization, inbox, adminKey, collectKey } = await runtime.services.organizations.bootstrap({
    name: 'Client tests',
  });
  return {
    runtime,
    fetch: async (request) => runtime.app.fetch(request),
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
