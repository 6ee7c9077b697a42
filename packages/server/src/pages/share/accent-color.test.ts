import { textColorOn } from '@hearback/spec';
import { describe, expect, it } from 'vitest';
import { accentColorOf, DEFAULT_ACCENT_COLOR } from './accent-color.js';

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
