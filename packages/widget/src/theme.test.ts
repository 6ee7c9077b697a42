import { describe, expect, it } from 'vitest';
import { themeToCss } from './theme.js';

describe('themeToCss', () => {
  it('maps colour, length and font tokens to custom properties on the host', () => {
    expect(
      themeToCss({
        colors: { primary: '#0f766e', onPrimary: 'white', background: 'rgb(255 250 240)' },
        radius: 8,
        spacing: '0.3rem',
        fontSize: 15,
        font: 'Inter, sans-serif',
        shadow: 'none',
        zIndex: 10.7,
      }),
    ).toBe(
      ':host{--hb-primary:#0f766e;--hb-on-primary:white;--hb-bg:rgb(255 250 240);' +
        '--hb-radius:8px;--hb-font-size:15px;--hb-space:0.3rem;--hb-font:Inter, sans-serif;--hb-shadow:none;--hb-z:10;}',
    );
  });

  it('puts dark colours in a block that applies while the host is dark', () => {
    expect(themeToCss({ dark: { colors: { primary: '#2dd4bf', text: '#eee' } } })).toBe(
      ':host([data-dark]){--hb-primary:#2dd4bf;--hb-text:#eee;}',
    );
  });

  it('is empty without tokens, and ignores unknown ones', () => {
    expect(themeToCss(undefined)).toBe('');
    expect(themeToCss({})).toBe('');
    expect(themeToCss({ colors: { nope: 'red' } } as never)).toBe('');
  });

  it('cannot be used to break out of the declaration block', () => {
    const css = themeToCss({
      colors: { primary: 'red;}body{display:none}' },
      font: '</style><script>alert(1)</script>',
      radius: Number.NaN,
    });
    expect(css).toBe(':host{--hb-primary:redbodydisplay:none;--hb-font:/stylescriptalert(1)/script;}');
  });
});
