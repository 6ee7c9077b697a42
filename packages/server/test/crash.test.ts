import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { within } from './support/async.js';
import { BUILD_TIMEOUT_MS, CLI, ensureBuilt } from './support/built-cli.js';
import { dialectsUnderTest, postgresAdminUrl } from './support/harness.js';
import { createTestDatabase } from './support/postgres-server.js';

/**
 * Durability of `POST /collect` end to end: the built server under concurrent HTTP load is
 * SIGKILLed, restarted on the same data, and every request it had answered 201 must be there.
 * Requests in flight at the kill may or may not have been stored.
 */

const execFileAsync = promisify(execFile);
const LOOPS = 32;
const KILL_AFTER_ACKS = 300;
const START_TIMEOUT_MS = 15_000;

interface Keys {
  orgId: string;
  inboxKey: string;
  adminKey: string;
  collectKey: string;
}

interface Server {
  url: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output(): string;
}

const children = new Set<ChildProcess>();

function serverEnv(databaseUrl: string | undefined): NodeJS.ProcessEnv {
  // DATABASE_URL is always set, '' meaning SQLite, so an ambient one cannot leak in.
  return { ...process.env, HOST: '127.0.0.1', DATABASE_URL: databaseUrl ?? '', HEARBACK_LOG_LEVEL: 'error' };
}

async function init(dataDir: string, env: NodeJS.ProcessEnv): Promise<Keys> {
  const { stdout } = await execFileAsync(process.execPath, [CLI, 'init', '--json', '--data-dir', dataDir], { env });
  return JSON.parse(stdout) as Keys;
}

async function startServer(dataDir: string, env: NodeJS.ProcessEnv): Promise<Server> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data-dir', dataDir], {
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('exit', (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    });
  });
  const listening = new Promise<string>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /listening on (http:\/\/\S+)/.exec(output);
      if (match?.[1]) resolve(match[1]);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then(({ code, signal }) =>
      reject(new Error(`the server exited before listening (code ${code}, signal ${signal}):\n${output}`)),
    );
  });
  const url = await within(listening, START_TIMEOUT_MS, `the server did not start:\n${output}`);
  return { url, child, exited, output: () => output };
}

interface LoadResult {
  acknowledged: string[];
  inFlightAtKill: number;
  unexpected: string[];
  msToKill: number;
}

/**
 * `LOOPS` concurrent keep-alive clients posting feedback; SIGKILLs the server once
 * `KILL_AFTER_ACKS` requests were answered 201, and returns when every client has noticed.
 */
async function loadUntilKilled(server: Server, keys: Keys): Promise<LoadResult> {
  const acknowledged: string[] = [];
  const unexpected: string[] = [];
  let inFlight = 0;
  let inFlightAtKill = -1;
  const started = performance.now();
  let msToKill = 0;

  const kill = () => {
    if (inFlightAtKill >= 0) return;
    inFlightAtKill = inFlight;
    msToKill = performance.now() - started;
    server.child.kill('SIGKILL');
  };

  const client = async (loop: number) => {
    for (let n = 0; inFlightAtKill < 0; n++) {
      inFlight++;
      try {
        const response = await fetch(`${server.url}/collect`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-service-key': keys.collectKey },
          body: JSON.stringify({
            inboxKey: keys.inboxKey,
            type: 'stars',
            score: 1 + (n % 5),
            comment: `client ${loop} request ${n}`,
            context: { source: 'crash-test' },
          }),
        });
        const text = await response.text();
        if (response.status === 201) acknowledged.push((JSON.parse(text) as { id: string }).id);
        else unexpected.push(`${response.status} ${text}`);
      } catch (error) {
        // Connection errors are expected once the server is gone, and only then.
        if (inFlightAtKill < 0) unexpected.push(`request failed before the kill: ${String(error)}`);
        return;
      } finally {
        inFlight--;
      }
      if (acknowledged.length >= KILL_AFTER_ACKS) kill();
      if (unexpected.length > 0) kill();
    }
  };

  await Promise.all(Array.from({ length: LOOPS }, (_, loop) => client(loop)));
  return { acknowledged, inFlightAtKill, unexpected, msToKill };
}

async function listAllIds(server: Server, keys: Keys): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  do {
    const query = new URLSearchParams({ limit: '200', ...(cursor && { cursor }) });
    const response = await fetch(`${server.url}/organizations/${keys.orgId}/feedback?${query}`, {
      headers: { 'x-service-key': keys.adminKey },
    });
    expect(response.status).toBe(200);
    const page = (await response.json()) as { data: { id: string }[]; nextCursor: string | null };
    ids.push(...page.data.map((item) => item.id));
    cursor = page.nextCursor;
  } while (cursor);
  return ids;
}

async function stop(server: Server): Promise<void> {
  server.child.kill('SIGTERM');
  const { code } = await within(server.exited, START_TIMEOUT_MS, 'the server did not stop on SIGTERM');
  expect(code, server.output()).toBe(0);
}

beforeAll(async () => {
  await ensureBuilt();
}, BUILD_TIMEOUT_MS);

afterEach(() => {
  for (const child of children) child.kill('SIGKILL');
});

for (const dialect of dialectsUnderTest()) {
  describe(`crash durability [${dialect}]`, () => {
    it(`keeps every acknowledged /collect after a SIGKILL under ${LOOPS} concurrent clients`, async () => {
      const dataDir = mkdtempSync(join(tmpdir(), 'hearback-crash-'));
      const database = dialect === 'postgres' ? await createTestDatabase(postgresAdminUrl()) : undefined;
      try {
        const env = serverEnv(database?.url);
        const keys = await init(dataDir, env);

        const first = await startServer(dataDir, env);
        const load = await loadUntilKilled(first, keys);
        const exit = await within(first.exited, START_TIMEOUT_MS, 'the killed server did not exit');

        expect(load.unexpected, first.output()).toEqual([]);
        expect(exit.signal).toBe('SIGKILL');
        expect(load.acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER_ACKS);
        // Killed mid-load: other clients were waiting for answers.
        expect(load.inFlightAtKill).toBeGreaterThan(0);
        expect(new Set(load.acknowledged).size).toBe(load.acknowledged.length);

        const second = await startServer(dataDir, env);
        try {
          const stored = await listAllIds(second, keys);
          const storedSet = new Set(stored);
          expect(storedSet.size).toBe(stored.length);
          const lost = load.acknowledged.filter((id) => !storedSet.has(id));
          expect(lost, `${lost.length} of ${load.acknowledged.length} acknowledged ids are gone`).toEqual([]);
          // Beyond the acknowledged ones, at most the requests in flight at the kill were stored.
          expect(stored.length).toBeLessThanOrEqual(load.acknowledged.length + LOOPS);

          // The restarted server takes new feedback.
          const response = await fetch(`${second.url}/collect`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-service-key': keys.collectKey },
            body: JSON.stringify({ inboxKey: keys.inboxKey, type: 'thumbs', score: 1 }),
          });
          expect(response.status).toBe(201);
        } finally {
          await stop(second);
        }
        process.stdout.write(
          `crash [${dialect}]: ${load.acknowledged.length} acknowledged in ${Math.round(load.msToKill)} ms, ` +
            `${load.inFlightAtKill} in flight at SIGKILL, all acknowledged ids present after restart\n`,
        );
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
        await database?.drop();
      }
    });
  });
}
