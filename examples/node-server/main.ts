// The node-server example, self-verifying: starts a fresh Hearback server with its CLI (as the
// README's quick start does), runs the @hearback/node README snippet (snippet.ts) against it,
// checks what the snippet did through the SDK, and exits 1 on any failure.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { Hearback } from '@hearback/node';

const cli = join(dirname(createRequire(import.meta.url).resolve('@hearback/server/package.json')), 'dist/cli.js');
// SQLite in a throwaway directory, whatever the shell's environment says.
const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
const serverEnv = { ...baseEnv, HEARBACK_LOG_LEVEL: 'error' };

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Check failed: ${message}`);
}

/** The README's snippet and snippet.ts must not drift apart. */
function checkReadmeSnippet(): void {
  const readme = readFileSync(new URL('../../packages/node/README.md', import.meta.url), 'utf8');
  const block = readme.match(/```ts\n(import \{ Hearback[\s\S]*?)```/)?.[1];
  const snippet = readFileSync(new URL('./snippet.ts', import.meta.url), 'utf8');
  check(block === snippet, 'the first ```ts block of packages/node/README.md equals examples/node-server/snippet.ts');
}

async function initOrganization(dataDir: string) {
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'init', '--json', '--data-dir', dataDir], {
    env: serverEnv,
  });
  return JSON.parse(stdout) as { orgId: string; inboxKey: string; adminKey: string; collectKey: string };
}

async function serve(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    for await (const line of lines) {
      const url = line.match(/listening on (http:\/\/\S+)/)?.[1];
      if (url) return { url, child };
    }
  } finally {
    clearTimeout(timeout);
  }
  throw new Error('The server exited before listening');
}

async function main(): Promise<void> {
  checkReadmeSnippet();
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-example-'));
  let server: { url: string; child: ChildProcess } | undefined;
  try {
    const keys = await initOrganization(dataDir);
    server = await serve(dataDir);
    const hearback = new Hearback({ apiKey: keys.adminKey, baseUrl: server.url, orgId: keys.orgId });
    check((await hearback.health.ready()).status === 'ok', 'the server is ready');

    Object.assign(process.env, {
      HEARBACK_URL: server.url,
      HEARBACK_API_KEY: keys.adminKey,
      HEARBACK_ORG_ID: keys.orgId,
      HEARBACK_INBOX_KEY: keys.inboxKey,
    });
    await import('./snippet.ts');

    const stored = await hearback.feedback.list().toArray();
    check(stored.length === 1, `one feedback item is stored (found ${stored.length})`);
    const [feedback] = stored;
    check(feedback?.type === 'nps' && feedback.score === 4, 'it is the NPS 4 the snippet sent');
    check(feedback.comment === 'Checkout was slow' && feedback.source === 'server', 'with its comment and source');
    check(feedback.status === 'triaged', `the snippet triaged it (status ${feedback.status})`);
    check(feedback.issueLink?.key === 'acme/app#12', 'and linked the GitHub issue');
    const { usage } = await hearback.organization.get();
    // Null only for a brand-scoped key; this key is organization-wide.
    check(usage?.searches === 1, `the snippet searched once (counted ${usage?.searches})`);
    console.log(
      'node-server example: collected, listed, triaged, summarised and searched feedback with @hearback/node: ok',
    );
  } finally {
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
