import { gunzipSync } from 'node:zlib';
import { widgetManifest } from '@hearback/widget/assets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import { openTestRuntime } from './support/harness.js';

// The root test command builds every package before testing, so the widget's files exist here.
describe('the widget served by the server', () => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime('sqlite'));
  });
  afterAll(async () => {
    await cleanup();
  });

  it('serves /widget.js with an hourly revalidation, gzipped on request', async () => {
    const plain = await runtime.app.request('/widget.js');
    expect(plain.status).toBe(200);
    expect(plain.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(plain.headers.get('cache-control')).toContain('max-age=3600');
    const source = await plain.text();
    expect(source).toContain(widgetManifest().dialog);

    const zipped = await runtime.app.request('/widget.js', { headers: { 'accept-encoding': 'gzip, br' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await zipped.arrayBuffer())).toString('utf8')).toBe(source);
  });

  it('answers a matching If-None-Match with 304 and no body', async () => {
    const first = await runtime.app.request('/widget.js');
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await runtime.app.request('/widget.js', { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
  });

  it('serves the versioned launcher and the dialog chunk as immutable', async () => {
    const manifest = widgetManifest();
    for (const name of [manifest.versionedLauncher, manifest.dialog]) {
      const response = await runtime.app.request(`/${name}`);
      expect(response.status, name).toBe(200);
      expect(response.headers.get('cache-control')).toContain('immutable');
    }
    const launcher = await (await runtime.app.request('/widget.js')).text();
    expect(await (await runtime.app.request(`/${manifest.versionedLauncher}`)).text()).toBe(launcher);
  });
});
