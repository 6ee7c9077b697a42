// A real Hearback server in its own process, for tests that need a real network between the SDK
// and the server (msw patches globals of the test process; the server must not share them).
// Prints one JSON line {url, orgId, inboxKey, adminKey, collectKey} once it listens; stops on SIGTERM.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRuntime, listen, loadConfig } from '@hearback/server';

const dataDir = mkdtempSync(join(tmpdir(), 'hearback-node-process-'));
const runtime = await createRuntime(loadConfig({}, { dataDir, runJobs: false, logLevel: 'silent' }));
const { organization, inbox, adminKey, collectKey } = await runtime.bootstrap({
  name: 'SDK network tests',
});
const server = await listen(runtime, { port: 0, host: '127.0.0.1' });
process.stdout.write(
  `${JSON.stringify({ url: server.url, orgId: organization.id, inboxKey: inbox.inboxKey, adminKey, collectKey })}\n`,
);

let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.on('SIGTERM', stop);
// The parent went away without a signal: stop too.
process.stdin.on('end', stop);
process.stdin.resume();
