import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Json } from './support/api.js';
import { CLI, CLI_ENV, runCli, useBuiltCli } from './support/built-cli.js';
import { type EmbeddingsStub, startEmbeddingsStub } from './support/embeddings-stub.js';

const KEY = /hb_[0-9a-z]{26}_[A-Za-z0-9]{32}/;

// The CLI is tested as shipped: dist/cli.js in child processes, over real HTTP. The embedded
// SQLite database keeps these tests independent of the PostgreSQL harness.

const cli = (...args: string[]) => runCli(args);
const cliWith = (env: Record<string, string>, ...args: string[]) => runCli(args, env);

interface Child {
  /** Everything printed so far on stdout / stderr. */
  output(): string;
  errors(): string;
  /** Resolves once stdout (or stderr) contains `text`; rejects if the process exits first. */
  printed(text: string, stream?: 'stdout' | 'stderr'): Promise<void>;
  /** Sends `signal`; resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

interface Server extends Child {
  url: string;
}

const running = new Set<ChildProcess>();

/** The built CLI in a child process, its output collected as it comes. */
function spawnCli(args: string[], env: Record<string, string> = {}): Child {
  const child = spawn(process.execPath, [CLI, ...args], {
    env: { ...CLI_ENV, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  running.add(child);
  const text = { stdout: '', stderr: '' };
  const exited = new Promise<number | null>((resolveExit) => {
    child.once('exit', (code) => {
      running.delete(child);
      resolveExit(code);
    });
  });
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    text.stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    text.stderr += chunk;
  });
  const printed = (wanted: string, stream: 'stdout' | 'stderr' = 'stdout') =>
    new Promise<void>((resolvePrinted, reject) => {
      const check = () => {
        if (!text[stream].includes(wanted)) return false;
        child[stream].off('data', check);
        child.off('exit', early);
        resolvePrinted();
        return true;
      };
      const early = () =>
        reject(new Error(`${args[0]} exited before printing "${wanted}".\n${text.stdout}\n${text.stderr}`));
      if (check()) return;
      child[stream].on('data', check);
      child.once('exit', early);
    });
  return {
    output: () => text.stdout,
    errors: () => text.stderr,
    printed,
    stop: (signal = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
  };
}

async function serve(dataDir: string, env: Record<string, string> = {}, extraArgs: string[] = []): Promise<Server> {
  const child = spawnCli(['serve', '--port', '0', '--data-dir', dataDir, ...extraArgs], env);
  await child.printed('\nAPI reference: ');
  const url = /listening on (http:\/\/\S+)/.exec(child.output())?.[1];
  if (!url) throw new Error(`No URL in serve output:\n${child.output()}`);
  return { ...child, url };
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
  const newDataDir = useBuiltCli('cli');
  afterEach(() => {
    for (const child of running) child.kill('SIGKILL');
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
      owner: null;
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
        // Nobody signed up yet: the first to do so will own it.
        owner: null,
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

    it("serve's MCP tools refuse malformed arguments in plain words (the SDK's check reads zod's locale)", async () => {
      const server = await serve(dataDir);
      const response = await fetch(`${server.url}/mcp`, {
        method: 'POST',
        headers: {
          'x-service-key': credentials.collectKey,
          'content-type': 'application/json',
          accept: 'application/json, text/event-stream',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'tools/call',
          params: { name: 'submit_feedback', arguments: { inbox: credentials.inboxKey, type: 'smiley', score: 1 } },
        }),
      });
      const { result } = (await response.json()) as { result: { isError?: boolean; content: { text: string }[] } };
      expect(result.isError).toBe(true);
      expect(result.content[0]?.text).toContain('Must be one of: thumbs, stars, nps, csat, emoji, text.');
      expect(await server.stop()).toBe(0);
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

  describe('serve with HEARBACK_PUBLIC_URL', () => {
    it('prints the public URL as its address, in the banner, the first-start curl and skill.json', async () => {
      const publicUrl = 'https://feedback.example.com';
      const server = await serve(newDataDir(), { HEARBACK_PUBLIC_URL: `${publicUrl}/` });
      await server.printed('These keys are shown once');
      const output = server.output();
      expect(output).toContain(`Public URL: ${publicUrl}\n`);
      expect(output).toContain(`OpenAPI document: ${publicUrl}/openapi.json\n`);
      expect(output).toContain(`API reference: ${publicUrl}/docs\n`);
      expect(output).toContain(`\n  ${publicUrl}/docs\n`);
      expect(output).toContain(`curl -X POST ${publicUrl}/collect `);
      expect(output).toContain(`<script src="${publicUrl}/widget.js"`);
      const skill = await (await fetch(`${server.url}/skill.json`)).json();
      expect(skill).toMatchObject({ apiBase: publicUrl, mcpUrl: `${publicUrl}/mcp` });
      expect(await server.stop()).toBe(0);
    });
  });

  describe('serve --public-dir', () => {
    it('serves the directory next to the API, and refuses to start on a missing one', async () => {
      const publicDir = newDataDir();
      writeFileSync(join(publicDir, 'index.html'), '<h1>Our feedback demo</h1>');
      const server = await serve(newDataDir(), {}, ['--public-dir', publicDir]);
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

  describe('search reindex', () => {
    const COMMENTS = [
      'The app crashes when I upload a photo',
      'I was charged twice this month',
      'Please add a dark mode',
      'The password reset email never arrives',
      'Checkout is slow on my phone',
    ];
    const UNKNOWN_ORG = 'org_01jd3x2k9v6c4h8m2n5p7q1r3s';
    let stub: EmbeddingsStub;
    let dataDir: string;
    let credentials: { orgId: string; inboxKey: string; adminKey: string; collectKey: string };
    const searchEnv = () => ({
      HEARBACK_SEARCH: 'openai',
      HEARBACK_EMBEDDINGS_URL: stub.url,
      HEARBACK_EMBEDDINGS_MODEL: 'stub-embed',
    });

    beforeAll(async () => {
      stub = await startEmbeddingsStub();
      dataDir = newDataDir();
      // Made and collected with search off, so nothing records a model or embeds: like a server that ran before search did.
      credentials = JSON.parse(
        (await cliWith({ HEARBACK_SEARCH: 'off' }, 'init', '--json', '--data-dir', dataDir)).stdout,
      );
      const server = await serve(dataDir, { HEARBACK_SEARCH: 'off' });
      for (const comment of COMMENTS) {
        const collected = await call(`${server.url}/collect`, credentials.collectKey, {
          method: 'POST',
          json: { inboxKey: credentials.inboxKey, type: 'text', comment },
        });
        expect(collected.status).toBe(201);
      }
      expect(await server.stop()).toBe(0);
    });
    afterAll(() => stub.close());

    it('fails with a message when search is off or the organization is unknown', async () => {
      const off = await cliWith({ HEARBACK_SEARCH: 'off' }, 'search', 'reindex', '--data-dir', dataDir);
      expect(off.code).toBe(1);
      expect(off.stderr).toContain('Search is disabled (HEARBACK_SEARCH=off)');

      const unknown = await cliWith(searchEnv(), 'search', 'reindex', '--org', UNKNOWN_ORG, '--data-dir', dataDir);
      expect(unknown.code).toBe(1);
      expect(unknown.stderr).toContain(`No organization ${UNKNOWN_ORG} (give its id or slug`);
      expect(stub.inputs).toEqual([]);
    });

    it('stops after the batch in progress on SIGINT, resumes on the next run, and search then finds by meaning', async () => {
      stub.holdFrom(2);
      const first = spawnCli(['search', 'reindex', '--batch', '2', '--data-dir', dataDir], searchEnv());
      await first.printed('Reindexing 5 items in 1 organization with model openai:stub-embed.');
      await stub.arrived(2);
      const stopped = first.stop('SIGINT');
      await first.printed('stopping after the current batch', 'stderr');
      stub.release();
      expect(await stopped).toBe(130);
      expect(first.output()).toContain('Interrupted after 4 items; run the command again to resume.');
      const during = await cliWith(searchEnv(), 'search', 'status', '--data-dir', dataDir);
      expect(during).toMatchObject({
        code: 0,
        stdout: `Configured model: openai:stub-embed\n${credentials.orgId}  -           -  1 to embed\n`,
      });

      const second = await cliWith(searchEnv(), 'search', 'reindex', '--batch', '2', '--data-dir', dataDir);
      expect(second.code).toBe(0);
      expect(second.stdout).toContain('Reindexing 1 item in 1 organization with model openai:stub-embed.');
      expect(second.stdout).toMatch(/Embedded 1 item in \d+s .*; search is up to date\./);
      // Not a TTY: plain progress lines, ending with the total.
      expect(second.stderr).toContain('1/1 100% · ');
      expect([...stub.inputs].sort()).toEqual([...COMMENTS].sort());
      const after = await cliWith(searchEnv(), 'search', 'status', '--data-dir', dataDir);
      expect(after.stdout).toContain(`${credentials.orgId}  ready       openai:stub-embed (16)  0 to embed\n`);

      const server = await serve(dataDir, searchEnv());
      const found = await call(`${server.url}/organizations/${credentials.orgId}/search`, credentials.adminKey, {
        method: 'POST',
        json: { query: 'upload photo crashes' },
      });
      expect(await server.stop()).toBe(0);
      expect(found.status).toBe(200);
      expect((found.body.data as Json[])[0]).toMatchObject({
        feedback: { comment: COMMENTS[0] },
        similarity: expect.any(Number),
      });
      // The same model as the reindex: the server started no reindex of its own.
      expect(stub.inputs).toHaveLength(COMMENTS.length + 1);
    });
  });
});
