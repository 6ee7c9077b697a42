import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { widgetAssets, widgetManifest } from './assets.js';

describe('widgetAssets', () => {
  it('lists widget.js, its versioned copy and the dialog, with cache headers and hashes', () => {
    const manifest = widgetManifest();
    const assets = widgetAssets();
    expect(assets.map((asset) => asset.path)).toEqual([
      '/widget.js',
      `/${manifest.versionedLauncher}`,
      `/${manifest.dialog}`,
    ]);
    const [launcher, versioned, dialog] = assets;
    expect(launcher?.cacheControl).toMatch(/max-age=3600/);
    expect(versioned?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(dialog?.cacheControl).toBe('public, max-age=31536000, immutable');
    expect(versioned?.body.equals(launcher?.body as Buffer)).toBe(true);
    for (const asset of assets) {
      const hash = createHash('sha256').update(asset.body).digest('hex').slice(0, 16);
      expect(asset.hash).toBe(hash);
      expect(asset.etag).toBe(`"${hash}"`);
      expect(asset.contentType).toBe('text/javascript; charset=utf-8');
      expect(gunzipSync(asset.gzip).equals(asset.body)).toBe(true);
    }
    // The launcher names the dialog file it loads, so both always come from the same build.
    expect(launcher?.body.toString()).toContain(manifest.dialog);
  });
});
