import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILD_TIMEOUT_MS, CLI, CLI_ENV, ensureBuilt, type ServeProcess, spawnServe } from './support/built-cli.js';

const run = promisify(execFile);

const PACKAGE_DIR = resolve(dirname(CLI), '..');
const DIST_URL = `${pathToFileURL(dirname(CLI)).href}/`;

/**
 * The modules behind the URLs a process loaded: a file of the bundled CLI (dist/cli.js and its
 * chunks) stands for the modules bundled into it, as scripts/bundle-cli.mjs lists them.
 */
function sourcesOf(urls: string[]): string[] {
  const chunks = JSON.parse(readFileSync(join(PACKAGE_DIR, 'dist', 'cli-bundle.json'), 'utf8')) as Record<
    string,
    string[]
  >;
  return urls.flatMap((url) => {
    const inputs = url.startsWith(DIST_URL) ? chunks[url.slice(DIST_URL.length)] : undefined;
    return inputs ? inputs.map((input) => pathToFileURL(resolve(PACKAGE_DIR, input)).href) : [url];
  });
}

/**
 * What only some requests need: accounts, single sign-on, mail, the MCP SDK, outbound HTTP (undici:
 * webhooks, SSO discovery), YAML (`/openapi.yaml`), QR codes, the dashboard's files; and on SQLite,
 * the PostgreSQL driver.
 */
const ON_DEMAND =
  /better-auth|openid-client|nodemailer|@modelcontextprotocol|\/node_modules\/(undici|yaml|qrcode|pg|pg-[a-z]+)\/|\/dashboard\/dist\/node\//;

/**
 * A module loaded into `node --import`: a loader hook writing every module the server loads to the
 * file named by HEARBACK_TEST_MODULE_LOG, one URL a line.
 */
const LOADER = `
import { register } from 'node:module';
register('data:text/javascript,' + encodeURIComponent(\`
import { appendFileSync } from 'node:fs';
const log = \${JSON.stringify(process.env.HEARBACK_TEST_MODULE_LOG)};
export async function load(url, context, next) {
  appendFileSync(log, url + '\\\\n');
  return next(url, context);
}\`));
`;

describe('modules a server loads (hearback serve)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearback-lazy-'));
  const moduleLog = join(dir, 'modules.log');
  const loaded = () => sourcesOf(readFileSync(moduleLog, 'utf8').split('\n').filter(Boolean));
  let server: ServeProcess | undefined;
  let keys: { collectKey: string; inboxKey: string };

  beforeAll(async () => {
    await ensureBuilt();
    const dataDir = join(dir, 'data');
    keys = JSON.parse(
      (await run(process.execPath, [CLI, 'init', '--json', '--data-dir', dataDir], { env: CLI_ENV })).stdout,
    );
    const loader = join(dir, 'log-modules.mjs');
    writeFileSync(loader, LOADER);
    writeFileSync(moduleLog, '');
    server = await spawnServe(dataDir, {
      HEARBACK_SEARCH: 'off',
      HEARBACK_TEST_MODULE_LOG: moduleLog,
      NODE_OPTIONS: `--import ${pathToFileURL(loader).href}`,
    });
  }, BUILD_TIMEOUT_MS);
  afterAll(async () => {
    await server?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('collects without loading what only other requests need, and loads it for the requests that need it', async () => {
    if (!server) throw new Error('no server');
    const collected = await fetch(`${server.url}/collect`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-service-key': keys.collectKey },
      body: JSON.stringify({ inboxKey: keys.inboxKey, type: 'stars', score: 4, comment: 'Fine' }),
    });
    expect(collected.status).toBe(201);
    expect(loaded().length).toBeGreaterThan(100);
    expect(loaded().filter((url) => ON_DEMAND.test(url))).toEqual([]);

    const session = await fetch(`${server.url}/auth/get-session`);
    expect(session.status).toBe(200);
    const mcp = await fetch(`${server.url}/mcp`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        accept: 'application/json, text/event-stream',
        'x-service-key': keys.collectKey,
      },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'test', version: '1' } },
      }),
    });
    expect(mcp.status).toBe(200);
    const yaml = await fetch(`${server.url}/openapi.yaml`);
    expect(yaml.status).toBe(200);
    expect(await yaml.text()).toContain('openapi: 3.1');
    const dashboard = await fetch(`${server.url}/app/`);
    expect(dashboard.status).toBe(200);
    expect(dashboard.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(loaded().some((url) => url.includes('better-auth'))).toBe(true);
    expect(loaded().some((url) => url.includes('@modelcontextprotocol'))).toBe(true);
    expect(loaded().some((url) => url.includes('/node_modules/yaml/'))).toBe(true);
    expect(loaded().some((url) => url.includes('/dashboard/dist/node/'))).toBe(true);
    expect(loaded().filter((url) => /\/node_modules\/(pg|pg-[a-z]+)\//.test(url))).toEqual([]);
  });
});

describe('modules a CLI command loads', () => {
  const dir = mkdtempSync(join(tmpdir(), 'hearback-lazy-cli-'));
  const loader = join(dir, 'log-modules.mjs');
  const dataDir = join(dir, 'data');

  beforeAll(async () => {
    await ensureBuilt();
    writeFileSync(loader, LOADER);
    await run(process.execPath, [CLI, 'init', '--data-dir', dataDir], { env: CLI_ENV });
  }, BUILD_TIMEOUT_MS);
  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  /** The modules `hearback <args>` loaded, after checking it succeeded. */
  async function modulesOf(...args: string[]): Promise<string[]> {
    const moduleLog = join(dir, `${args[0]}.log`);
    writeFileSync(moduleLog, '');
    await run(process.execPath, [CLI, ...args], {
      env: { ...CLI_ENV, HEARBACK_TEST_MODULE_LOG: moduleLog, NODE_OPTIONS: `--import ${pathToFileURL(loader).href}` },
    });
    return sourcesOf(readFileSync(moduleLog, 'utf8').split('\n').filter(Boolean));
  }
  const routes = (modules: string[]) =>
    modules.filter((url) => /\/dist\/(routes|http)\/|\/node_modules\/hono\//.test(url));

  it('--help loads neither the storage nor the routes', async () => {
    const modules = await modulesOf('--help');
    expect(modules.some((url) => url.endsWith('/dist/cli.js'))).toBe(true);
    expect(modules.filter((url) => /\/node_modules\/kysely\/|\/dist\/storage\//.test(url))).toEqual([]);
    expect(routes(modules)).toEqual([]);
  });

  it('a command that serves no HTTP (orgs list) opens the database without loading the routes', async () => {
    const modules = await modulesOf('orgs', 'list', '--data-dir', dataDir);
    expect(modules.some((url) => url.includes('/dist/storage/'))).toBe(true);
    expect(routes(modules)).toEqual([]);
  });
});
