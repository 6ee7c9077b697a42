import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.js';
import { listen, type RunningServer } from '../src/http-server.js';
import type { Runtime } from '../src/runtime.js';
import { openTestRuntime } from './support/harness.js';

const SECRET = 'secret-outside-the-public-dir';

/**
 * A public directory next to files that must never be served, inside a throwaway parent; real
 * symbolic links, to files and directories, lead inside and outside it.
 */
function makeSite(): { parent: string; publicDir: string } {
  const parent = mkdtempSync(join(tmpdir(), 'hearback-public-'));
  const publicDir = join(parent, 'public');
  writeFileSync(join(parent, 'secret.txt'), SECRET);
  mkdirSync(join(parent, 'private'));
  writeFileSync(join(parent, 'private', 'index.html'), SECRET);
  writeFileSync(join(parent, 'private', 'page.html'), SECRET);
  const files: Record<string, string> = {
    'index.html': '<!doctype html><title>Home</title>',
    'app.js': 'console.log("app")',
    'style.css': 'body { margin: 0 }',
    'data.json': '{"ok":true}',
    'sub/page.html': '<!doctype html><title>Sub</title>',
    'empty/.keep': '',
    '.env': `TOKEN=${SECRET}`,
    '.git/config': SECRET,
    // Named like API routes: the API must win.
    healthz: SECRET,
    'widget.js': SECRET,
    'openapi.json': SECRET,
  };
  for (const [name, body] of Object.entries(files)) {
    mkdirSync(join(publicDir, name, '..'), { recursive: true });
    writeFileSync(join(publicDir, name), body);
  }
  const links: Record<string, string> = {
    // Outside the directory: never served.
    'leak.txt': '../secret.txt',
    'absolute-leak.txt': join(parent, 'secret.txt'),
    'sub/deep-leak.txt': '../../secret.txt',
    'outside-dir': '../private',
    'sub/outside-dir': join(parent, 'private'),
    // A normal name for a dotfile inside: as private as the dotfile.
    'env.txt': '.env',
    // Inside the directory: served like the file or directory they name.
    'latest.html': 'sub/page.html',
    docs: 'sub',
    'dangling.txt': 'missing.txt',
  };
  for (const [name, target] of Object.entries(links)) symlinkSync(target, join(publicDir, name));
  return { parent, publicDir };
}

/** A request with the path sent byte for byte (fetch and URL would normalise `..` away). */
function rawGet(url: string, path: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${url}/`, { path }, (response) => {
      let body = '';
      response.setEncoding('utf8').on('data', (chunk: string) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    request.on('error', reject).end();
  });
}

describe('public files (--public-dir / HEARBACK_PUBLIC_DIR)', () => {
  const site = makeSite();
  let runtime: Runtime;
  let server: RunningServer;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime('sqlite', { publicDir: site.publicDir }));
    server = await listen(runtime, { port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    // listen().close() closes the runtime too; cleanup then only removes the data directory.
    await server.close().catch(() => {});
    await cleanup().catch(() => {});
    rmSync(site.parent, { recursive: true, force: true });
  });

  it('serves files with their content type, an ETag and revalidation on every load', async () => {
    const cases: [string, string, string][] = [
      ['/', 'text/html; charset=utf-8', '<!doctype html><title>Home</title>'],
      ['/index.html', 'text/html; charset=utf-8', '<!doctype html><title>Home</title>'],
      ['/app.js', 'text/javascript; charset=utf-8', 'console.log("app")'],
      ['/style.css', 'text/css; charset=utf-8', 'body { margin: 0 }'],
      ['/data.json', 'application/json', '{"ok":true}'],
      ['/sub/page.html', 'text/html; charset=utf-8', '<!doctype html><title>Sub</title>'],
    ];
    for (const [path, type, body] of cases) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toBe(type);
      expect(response.headers.get('etag'), path).toMatch(/^"[0-9a-f]+"$/);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(await response.text(), path).toBe(body);
    }
  });

  it('answers a matching If-None-Match with 304, and HEAD without a body', async () => {
    const first = await fetch(`${server.url}/app.js`);
    const etag = first.headers.get('etag') ?? '';
    const again = await fetch(`${server.url}/app.js`, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const head = await fetch(`${server.url}/app.js`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe('18');
    expect(await head.text()).toBe('');
  });

  it('refuses path traversal however it is spelled', async () => {
    for (const path of [
      '/../secret.txt',
      '/sub/../../secret.txt',
      '/%2e%2e/secret.txt',
      '/..%2fsecret.txt',
      '/sub/%2e%2e%2f%2e%2e%2fsecret.txt',
      '/..%5csecret.txt',
      '//secret.txt',
      '/%2fetc%2fpasswd',
    ]) {
      const response = await rawGet(server.url, path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toContain(SECRET);
      expect(JSON.parse(response.body), path).toMatchObject({ code: 'not_found' });
    }
  });

  it('never serves a raw backslash path (Node refuses it before the app)', async () => {
    const response = await rawGet(server.url, '/..\\secret.txt');
    expect(response.status).toBe(400);
    expect(response.body).not.toContain(SECRET);
  });

  it('never follows a symbolic link out of the directory, to a file or to a directory', async () => {
    for (const path of [
      '/leak.txt',
      '/absolute-leak.txt',
      '/sub/deep-leak.txt',
      '/outside-dir',
      '/outside-dir/',
      '/outside-dir/index.html',
      '/outside-dir/page.html',
      '/sub/outside-dir/page.html',
      '/env.txt',
      '/dangling.txt',
    ]) {
      for (const method of ['GET', 'HEAD']) {
        const response = await fetch(`${server.url}${path}`, { method });
        expect(response.status, `${method} ${path}`).toBe(404);
        expect(await response.text(), `${method} ${path}`).not.toContain(SECRET);
      }
    }
  });

  it('serves symbolic links that stay inside the directory', async () => {
    const latest = await fetch(`${server.url}/latest.html`);
    expect(latest.status).toBe(200);
    expect(await latest.text()).toBe('<!doctype html><title>Sub</title>');
    const viaDirectoryLink = await fetch(`${server.url}/docs/page.html`);
    expect(viaDirectoryLink.status).toBe(200);
    expect(await viaDirectoryLink.text()).toBe('<!doctype html><title>Sub</title>');
  });

  it('keeps dotfiles private and lists no directory', async () => {
    for (const path of ['/.env', '/.git/config', '/sub/.', '/%2eenv', '/empty/', '/empty', '/empty/.keep']) {
      const response = await rawGet(server.url, path);
      expect(response.status, path).toBe(404);
      expect(response.body, path).not.toContain(SECRET);
    }
  });

  it('lets every API route win over a file of the same name', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    const widget = await fetch(`${server.url}/widget.js`);
    expect(widget.headers.get('cache-control')).toContain('max-age=3600');
    expect(await widget.text()).not.toContain(SECRET);
    expect(await (await fetch(`${server.url}/openapi.json`)).json()).toMatchObject({ openapi: '3.1.0' });
    // Only GET and HEAD reach the files.
    const post = await fetch(`${server.url}/index.html`, { method: 'POST' });
    expect(post.status).toBe(404);
  });

  it('answers a missing file with the 404 problem', async () => {
    const response = await fetch(`${server.url}/missing.html`);
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ status: 404, code: 'not_found' });
  });
});

describe('public files, by default', () => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime('sqlite'));
  });
  afterAll(async () => {
    await cleanup();
  });

  it('are off: any file name is the 404 problem, and / leads to the dashboard', async () => {
    expect(runtime.config.publicDir).toBeUndefined();
    const file = await runtime.app.request('/index.html');
    expect(file.status).toBe(404);
    expect(await file.json()).toMatchObject({ code: 'not_found' });
    const root = await runtime.app.request('/');
    expect(root.status).toBe(302);
    expect(root.headers.get('location')).toBe('/app/');
  });
});

describe('the public directory setting', () => {
  it('reads HEARBACK_PUBLIC_DIR as an absolute path and refuses one that is not a directory', () => {
    const site = makeSite();
    try {
      expect(loadConfig({ HEARBACK_PUBLIC_DIR: site.publicDir }).publicDir).toBe(site.publicDir);
      expect(loadConfig({}, { publicDir: site.publicDir }).publicDir).toBe(site.publicDir);
      expect(() => loadConfig({ HEARBACK_PUBLIC_DIR: join(site.parent, 'missing') })).toThrow(ConfigError);
      expect(() => loadConfig({ HEARBACK_PUBLIC_DIR: join(site.parent, 'secret.txt') })).toThrow(/not a directory/);
    } finally {
      rmSync(site.parent, { recursive: true, force: true });
    }
  });
});

describe('a public directory that is itself a symbolic link', () => {
  it('serves its files, and still nothing outside it', async () => {
    const site = makeSite();
    const linkedRoot = join(site.parent, 'current');
    symlinkSync(site.publicDir, linkedRoot);
    const { runtime, cleanup } = await openTestRuntime('sqlite', { publicDir: linkedRoot });
    try {
      const page = await runtime.app.request('/sub/page.html');
      expect(page.status).toBe(200);
      expect(await page.text()).toBe('<!doctype html><title>Sub</title>');
      expect((await runtime.app.request('/docs/page.html')).status).toBe(200);
      for (const path of ['/leak.txt', '/outside-dir/page.html']) {
        const response = await runtime.app.request(path);
        expect(response.status, path).toBe(404);
        expect(await response.text(), path).not.toContain(SECRET);
      }
    } finally {
      await cleanup();
      rmSync(site.parent, { recursive: true, force: true });
    }
  });
});
