import { describe, expect, it } from 'vitest';
import { safeLogoUrl } from './safe-urls.js';

describe('safeLogoUrl', () => {
  it('keeps https and inline raster images, drops other schemes', () => {
    expect(safeLogoUrl('https://cdn.example/logo.png')).toBe('https://cdn.example/logo.png');
    expect(safeLogoUrl('data:image/png;base64,iVBORw0KGgo=')).toBe('data:image/png;base64,iVBORw0KGgo=');
    for (const logo of [
      null,
      undefined,
      '',
      'http://cdn.example/logo.png',
      'javascript:alert(1)',
      'data:image/svg+xml,<svg/>',
      '/logo.png',
    ]) {
      expect(safeLogoUrl(logo)).toBeUndefined();
    }
  });
});
