import { describe, expect, it } from 'vitest';
import { accentColorOf, DEFAULT_ACCENT_COLOR, safeLogoUrl, shareInputOf, textColorOn } from './share-input.js';

describe('accentColorOf', () => {
  it('takes #rgb and #rrggbb, as six lowercase digits (Outlook bgcolor wants six)', () => {
    expect(accentColorOf('#0F7')).toBe('#00ff77');
    expect(accentColorOf('#0F766E')).toBe('#0f766e');
  });

  it('falls back to the default for anything that could carry CSS or is not a hex colour', () => {
    for (const color of [
      undefined,
      '',
      'red',
      '#12',
      '#1234',
      '#12345g',
      'red;}body{display:none',
      '#fff;x:y',
      'var(--p)',
    ]) {
      expect(accentColorOf(color)).toBe(DEFAULT_ACCENT_COLOR);
    }
  });
});

describe('textColorOn', () => {
  it('is white on dark or saturated accents and near-black on light ones', () => {
    expect(textColorOn('#4f46e5')).toBe('#ffffff');
    expect(textColorOn('#000000')).toBe('#ffffff');
    expect(textColorOn('#fde047')).toBe('#111827');
    expect(textColorOn('#ffffff')).toBe('#111827');
  });
});

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

describe('shareInputOf', () => {
  const page = {
    title: 'Onboarding',
    description: 'Two minutes.',
    settings: { theme: { colors: { primary: '#0f766e', text: '#111' } }, logoUrl: 'https://cdn.example/logo.png' },
  };

  it("takes the page's title, description, logo and its theme's primary colour as the accent", () => {
    expect(shareInputOf(page, 'https://feedback.example/f/acme/onboarding')).toEqual({
      pageUrl: 'https://feedback.example/f/acme/onboarding',
      title: 'Onboarding',
      description: 'Two minutes.',
      accentColor: '#0f766e',
      logoUrl: 'https://cdn.example/logo.png',
    });
  });

  it('leaves out what the page does not set', () => {
    const bare = { title: 'Bare', description: null, settings: { theme: {}, logoUrl: null } };
    expect(shareInputOf(bare, 'https://feedback.example/f/acme/bare')).toEqual({
      pageUrl: 'https://feedback.example/f/acme/bare',
      title: 'Bare',
      logoUrl: null,
    });
  });
});
