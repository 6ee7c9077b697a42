import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from './support/api.js';

const execFileAsync = promisify(execFile);
const PACKAGE_DIR = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CLI = join(PACKAGE_DIR, 'dist', 'cli.js');
const KEY = /hb_[0-9a-z]{26}_[A-Za-z0-9]{32}/;

// The CLI is tested as shipped: dist/cli.js in child processes, over real HTTP. The embedded
// SQLite database keeps these tests independent of the PostgreSQL harness.
const CHILD_ENV = { ...process.env, DATABASE_URL: '', HOST: '127.0.0.1', HEARBACK_LOG_LEVEL: 'error' };

function newestMtime(dir: string): number {
  return Math.max(
    ...readdirSync(dir, { withFileTypes: true }).map((entry) => {
      const path = join(dir, entry.name);
      return entry.isDirectory() ? newestMtime(path) : statSync(path).mtimeMs;
    }),
  );
}

/** `pnpm test` builds first; a direct `vitest run` after editing src rebuilds here instead of testing stale code. */
async function ensureBuilt(): Promise<void> {
  let built = 0;
  try {
    built = statSync(CLI).mtimeMs;
  } catch {}
  if (built >= newestMtime(join(PACKAGE_DIR, 'src'))) return;
  await execFileAsync('pnpm', ['run', 'build'], { cwd: PACKAGE_DIR });
}

interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

async function cli(...args: string[]): Promise<CliResult> {
  try {
    const { stdout, stderr } = await execFileAsync(process.execPath, [CLI, ...args], { env: CHILD_ENV });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: failed.code ?? -1, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}

interface Server {
  url: string;
  /** Everything printed so far. */
  output(): string;
  /** Resolves once stdout contains `text`. */
  printed(text: string): Promise<void>;
  /** SIGTERM; resolves with the exit code. */
  stop(): Promise<number | null>;
}

const running = new Set<ChildProcess>();

async function serve(dataDir: string, ...extraArgs: string[]): Promise<Server> {
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0', '--data-dir', dataDir, ...extraArgs], {
    env: CHILD_ENV,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  let stdout = '';
  let stderr = '';
  const exited = new Promise<number | null>((resolveExit) => {
    child.once('exit', (code) => {
      running.delete(child);
      resolveExit(code);
    });
  });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    stderr += chunk;
  });
  const printed = (text: string) =>
    new Promise<void>((resolvePrinted, reject) => {
      const check = () => {
        if (!stdout.includes(text)) return false;
        child.stdout.off('data', check);
        child.off('exit', early);
        resolvePrinted();
        return true;
      };
      const early = () => reject(new Error(`serve exited before printing "${text}".\n${stdout}\n${stderr}`));
      if (check()) return;
      child.stdout.on('data', check);
      child.once('exit', early);
    });

  await printed('\nAPI reference: ');
  const url = /listening on (http:\/\/\S+)/.exec(stdout)?.[1];
  if (!url) throw new Error(`No URL in serve output:\n${stdout}`);
  return {
    url,
    output: () => stdout,
    printed,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

async function call(url: string, key: string, init: { method?: string; json?: unknown } = {}) {
  const response = await fetch(url, {
    method: init.method ?? 'GET',
    headers: { 'x-service-key': key, ...(init.json !== undefined && { 'content-type': 'application/json' }) },
    ...(init.json !== undefined && { body: JSON.stringify(init.json) }),
  });
  return { status: response.status, body: (await response.json()) as Json };
}

describe('hearback CLI', () => {
  const dataDirs: string[] = [];
  const newDataDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'hearback-cli-'));
    dataDirs.push(dir);
    return dir;
  };

  beforeAll(async () => {
    await ensureBuilt();
  }, 120_000);
  afterEach(() => {
    for (const child of running) child.kill('SIGKILL');
  });
  afterAll(() => {
    for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
  });

  describe('init, then serve', () => {
    let dataDir: string;
    let credentials: {
      orgId: string;
      orgName: string;
      plan: string;
      inboxId: string;
      inboxKey: string;
      adminKey: string;
      collectKey: string;
    };

    beforeAll(async () => {
      dataDir = newDataDir();
      const result = await cli('init', '--org', 'Acme', '--plan', 'team', '--json', '--data-dir', dataDir);
      expect(result).toMatchObject({ code: 0, stderr: '' });
      credentials = JSON.parse(result.stdout);
    });

    it('init --json prints the new organization and its keys', () => {
      expect(credentials).toEqual({
        orgId: expect.stringMatching(/^org_[0-9a-z]{26}$/),
        orgName: 'Acme',
        plan: 'team',
        inboxId: expect.stringMatching(/^inb_[0-9a-z]{26}$/),
        inboxKey: expect.stringMatching(/^ibx_[A-Za-z0-9]+$/),
        adminKey: expect.stringMatching(new RegExp(`^${KEY.source}$`)),
        collectKey: expect.stringMatching(new RegExp(`^${KEY.source}$`)),
      });
      expect(credentials.adminKey).not.toBe(credentials.collectKey);
    });

    it('serve accepts those keys over HTTP and exits 0 on SIGTERM', async () => {
      const server = await serve(dataDir);
      expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(server.url).not.toMatch(/:0$/);

      const collected = await call(`${server.url}/collect`, credentials.collectKey, {
        method: 'POST',
        json: { inboxKey: credentials.inboxKey, type: 'stars', score: 4, comment: 'Over real HTTP' },
      });
      expect(collected).toEqual({ status: 201, body: { id: expect.stringMatching(/^fb_/), success: true } });

      const feedbackUrl = `${server.url}/organizations/${credentials.orgId}/feedback`;
      const forbidden = await call(feedbackUrl, credentials.collectKey);
      expect(forbidden).toMatchObject({ status: 403, body: { code: 'insufficient_scope' } });

      const listed = await call(feedbackUrl, credentials.adminKey);
      expect(listed.status).toBe(200);
      expect(listed.body.data).toEqual([
        expect.objectContaining({ id: collected.body.id, inboxId: credentials.inboxId, comment: 'Over real HTTP' }),
      ]);
      const organization = await call(`${server.url}/v1/organizations/${credentials.orgId}`, credentials.adminKey);
      expect(organization).toMatchObject({ status: 200, body: { name: 'Acme', plan: 'team' } });

      expect(await server.stop()).toBe(0);
      // init already created an organization, so serve creates none and prints no keys.
      expect(server.output()).not.toContain('First start');
      expect(server.output()).not.toMatch(KEY);
    });

    it('orgs set-plan changes the plan that orgs list shows', async () => {
      const changed = await cli('orgs', 'set-plan', credentials.orgId, 'starter', '--data-dir', dataDir);
      expect(changed).toMatchObject({ code: 0, stdout: `${credentials.orgId} is now on the starter plan.\n` });

      const listed = await cli('orgs', 'list', '--json', '--data-dir', dataDir);
      expect(listed.code).toBe(0);
      expect(JSON.parse(listed.stdout)).toEqual([
        expect.objectContaining({ id: credentials.orgId, name: 'Acme', plan: 'starter' }),
      ]);
    });

    it('orgs set-plan fails with exit code 1 on an unknown organization or plan', async () => {
      const unknownOrg = await cli('orgs', 'set-plan', 'org_01jd3x2k9v6c4h8m2n5p7q1r3s', 'team', '--data-dir', dataDir);
      expect(unknownOrg.code).toBe(1);
      expect(unknownOrg.stderr).toContain('org_01jd3x2k9v6c4h8m2n5p7q1r3s');

      const unknownPlan = await cli('orgs', 'set-plan', credentials.orgId, 'platinum', '--data-dir', dataDir);
      expect(unknownPlan.code).toBe(1);
      expect(unknownPlan.stderr).toContain('platinum');

      const listed = await cli('orgs', 'list', '--json', '--data-dir', dataDir);
      expect(JSON.parse(listed.stdout)[0].plan).toBe('starter');
    });
  });

  describe('serve on an empty data directory', () => {
    it('prints bootstrap keys on the first start only, and they keep working', async () => {
      const dataDir = newDataDir();
      const first = await serve(dataDir);
      await first.printed('These keys are shown once');
      const adminKey = /Admin key\s+(\S+)/.exec(first.output())?.[1] ?? '';
      const orgId = /\((org_[0-9a-z]{26}), plan enterprise\)/.exec(first.output())?.[1] ?? '';
      expect(adminKey).toMatch(KEY);
      expect(await call(`${first.url}/organizations/${orgId}`, adminKey)).toMatchObject({
        status: 200,
        body: { id: orgId, plan: 'enterprise' },
      });
      expect(await first.stop()).toBe(0);

      const second = await serve(dataDir);
      expect(await call(`${second.url}/organizations/${orgId}`, adminKey)).toMatchObject({ status: 200 });
      // A graceful exit means the start-up, including the empty-database check, had finished.
      expect(await second.stop()).toBe(0);
      expect(second.output()).not.toContain('First start');
      expect(second.output()).not.toMatch(KEY);

      const listed = await cli('orgs', 'list', '--json', '--data-dir', dataDir);
      expect(JSON.parse(listed.stdout).map((org: { id: string }) => org.id)).toEqual([orgId]);
    });
  });

  describe('serve --public-dir', () => {
    it('serves the directory next to the API, and refuses to start on a missing one', async () => {
      const publicDir = newDataDir();
      writeFileSync(join(publicDir, 'index.html'), '<h1>Our feedback demo</h1>');
      const server = await serve(newDataDir(), '--public-dir', publicDir);
      expect(server.output()).toContain(`Public files: ${publicDir}`);
      const page = await fetch(`${server.url}/`);
      expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(await page.text()).toBe('<h1>Our feedback demo</h1>');
      expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
      expect(await server.stop()).toBe(0);

      const missing = await cli('serve', '--port', '0', '--public-dir', join(publicDir, 'nope'));
      expect(missing.code).toBe(1);
      expect(missing.stderr).toContain('is not a directory');
    });
  });
});
