import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../src/app.js';
import type { Runtime } from '../src/runtime.js';
import { openTestRuntime } from './support/harness.js';

interface OpenApiDocument {
  paths: Record<string, unknown>;
  components: { securitySchemes: Record<string, unknown> };
}

/** Every URL the page's markup names (script src, link href, img src…). */
const referencedUrls = (html: string) => [...html.matchAll(/\b(?:src|href)="([^"]*)"/g)].map((match) => match[1]);

/** The configuration Scalar reads from the `#api-reference` element, attribute-decoded. */
function scalarConfiguration(html: string): Record<string, unknown> {
  const attribute = /<script id="api-reference" data-configuration="([^"]*)"><\/script>/.exec(html)?.[1];
  if (attribute === undefined) throw new Error(`No #api-reference element in:\n${html}`);
  const decoded = attribute.replace(/&#(\d+);/g, (_, code: string) => String.fromCharCode(Number(code)));
  return JSON.parse(decoded);
}

describe('the API reference at /docs', () => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime('sqlite'));
  });
  afterAll(async () => {
    await cleanup();
  });

  it('is an HTML page whose every asset comes from this server, under a strict policy', async () => {
    const response = await runtime.app.request('http://hearback.test/docs');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await response.text();
    const urls = referencedUrls(html);
    expect(urls).toContain('/openapi.json');
    expect(urls.some((url) => /^\/docs\/assets\/standalone\.[0-9a-f]{16}\.js$/.test(url ?? ''))).toBe(true);
    // Same origin only: no scheme, no protocol-relative URL.
    for (const url of urls) expect(url).toMatch(/^\/(?!\/)/);
    // No inline script: the only script elements are the empty configuration carrier and the bundle.
    expect([...html.matchAll(/<script\b[^>]*>([^<]*)<\/script>/g)].map((match) => match[1])).toEqual(['', '']);

    // Scripts and requests stay on this origin; only styles may be inline (see API_REFERENCE_POLICY).
    const policy = response.headers.get('content-security-policy') ?? '';
    const directives = new Map(policy.split(/;\s*/).map((directive) => [directive.split(' ')[0], directive]));
    expect(directives.get('default-src')).toBe("default-src 'none'");
    expect(directives.get('script-src')).toBe("script-src 'self'");
    expect(directives.get('connect-src')).toBe("connect-src 'self'");
    expect(directives.get('style-src')).toBe("style-src 'self' 'unsafe-inline'");
  });

  it('preselects the X-Service-Key scheme, sends "try it" to this server and calls no outside service', async () => {
    const html = await (await runtime.app.request('http://hearback.test:8080/docs')).text();
    const configuration = scalarConfiguration(html);
    expect(configuration).toMatchObject({
      url: '/openapi.json',
      servers: [{ url: 'http://hearback.test:8080' }],
      authentication: { preferredSecurityScheme: 'ApiKeyAuth' },
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      agent: { disabled: true },
      mcp: { disabled: true },
    });
    // The scheme it preselects is the document's X-Service-Key header, and no key is filled in.
    const document = (await (await runtime.app.request('/openapi.json')).json()) as OpenApiDocument;
    expect(document.components.securitySchemes.ApiKeyAuth).toMatchObject({ in: 'header', name: 'X-Service-Key' });
    expect(html).not.toMatch(/hb_[A-Za-z0-9]/);
  });

  it('serves the bundle it names, immutable, gzipped on request, 304 on a matching ETag', async () => {
    const html = await (await runtime.app.request('/docs')).text();
    const path = referencedUrls(html).find((url) => url?.startsWith('/docs/assets/')) ?? '';
    const plain = await runtime.app.request(path);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const source = await plain.text();
    expect(source.length).toBeGreaterThan(1_000_000);
    expect(source).toContain('api-reference');

    const zipped = await runtime.app.request(path, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(source);

    const etag = plain.headers.get('etag') ?? '';
    const revalidated = await runtime.app.request(path, { headers: { 'if-none-match': etag } });
    expect(revalidated.status).toBe(304);

    const stale = await runtime.app.request('/docs/assets/standalone.0000000000000000.js');
    expect(stale.status).toBe(404);
    expect(stale.headers.get('content-type')).toBe('application/problem+json');
  });

  it('is served under /v1 too, and /docs/ leads to /docs', async () => {
    expect((await runtime.app.request('/v1/docs')).status).toBe(200);
    const slash = await runtime.app.request('/docs/');
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/docs');
  });

  it('is not an operation of the OpenAPI document, like /openapi.json itself', async () => {
    const document = (await (await runtime.app.request('/openapi.json')).json()) as OpenApiDocument;
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/docs'))).toEqual([]);
  });

  it('answers a problem naming the fix when the bundle is not installed', async () => {
    const app = createApp({
      services: runtime.services,
      isReady: async () => true,
      collectBodyLimit: 65_536,
      bodyLimit: 1_048_576,
      apiReferenceAsset: async () => undefined,
    });
    for (const path of ['/docs', '/docs/assets/standalone.0123456789abcdef.js']) {
      const response = await app.request(path);
      expect(response.status).toBe(404);
      expect(response.headers.get('content-type')).toBe('application/problem+json');
      expect(await response.json()).toMatchObject({ code: 'not_found', detail: expect.stringContaining('pnpm build') });
    }
    // The rest of the server is unaffected.
    expect((await app.request('/openapi.json')).status).toBe(200);
  });
});
