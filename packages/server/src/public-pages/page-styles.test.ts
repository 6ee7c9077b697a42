import { describe, expect, it } from 'vitest';
import { themeCss } from './page-styles.js';

describe('themeCss', () => {
  it('gives a hex primary without onPrimary the label colour that contrasts more, in each scheme', () => {
    expect(themeCss({ colors: { primary: '#ff5500' } })).toBe(':root{--hb-primary:#ff5500;--hb-on-primary:#111827;}');
    expect(themeCss({ colors: { primary: '#7c3aed' } })).toBe(':root{--hb-primary:#7c3aed;--hb-on-primary:#ffffff;}');
    expect(themeCss({ dark: { colors: { primary: '#1e3a8a' } } })).toContain(
      ':root[data-scheme=dark]{--hb-primary:#1e3a8a;--hb-on-primary:#ffffff;}',
    );
  });

  it("keeps the owner's own onPrimary, and leaves colours it cannot measure to the defaults", () => {
    expect(themeCss({ colors: { primary: '#ff5500', onPrimary: '#fff' } })).toBe(
      ':root{--hb-primary:#ff5500;--hb-on-primary:#fff;}',
    );
    expect(themeCss({ colors: { primary: 'teal' } })).toBe(':root{--hb-primary:teal;}');
    expect(themeCss(undefined)).toBe('');
  });
});
