import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import { openTestRuntime } from './support/harness.js';

/** Every URL the page's markup names (script src, link href…). */
const referencedUrls = (html: string) => [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1] ?? '');

describe('the dashboard at /app', () => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  const get = (path: string, headers: Record<string, string> = {}) =>
    runtime.app.request(`http://hearback.test${path}`, { headers });
  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime('sqlite'));
  });
  afterAll(async () => {
    await cleanup();
  });

  it('answers every app path with the page, under a policy that allows nothing inline', async () => {
    for (const path of ['/app', '/app/', '/app/orgs/org_x/inbox?status=new', '/app/sign-in']) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const policy = response.headers.get('content-security-policy') ?? '';
      expect(policy).toContain("script-src 'self'");
      expect(policy).toContain("style-src 'self'");
      expect(policy).toContain("frame-ancestors 'none'");
      expect(policy).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/);
    }
  });

  it('has no inline script or style in its page, and every asset it names is served', async () => {
    const html = await (await get('/app/')).text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
    expect(html).not.toMatch(/<style|\sstyle=/);
    const assets = referencedUrls(html).filter((url) => url.startsWith('/app/assets/'));
    expect(assets.some((url) => url.endsWith('.js'))).toBe(true);
    expect(assets.some((url) => url.endsWith('.css'))).toBe(true);
    for (const url of assets) {
      const response = await get(url, { 'accept-encoding': 'gzip' });
      expect(response.status, url).toBe(200);
      expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(response.headers.get('content-encoding')).toBe('gzip');
      expect(gunzipSync(Buffer.from(await response.arrayBuffer())).length).toBeGreaterThan(0);
      const again = await get(url, { 'if-none-match': response.headers.get('etag') ?? '' });
      expect(again.status).toBe(304);
    }
  });

  it('answers a script the build does not have with a 404 problem, not the page', async () => {
    const response = await get('/app/assets/index-stale.js');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(await response.json()).toMatchObject({ code: 'not_found' });
  });

  it('sends people who open the server itself to the dashboard', async () => {
    const response = await get('/');
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe('/app/');
  });
});
