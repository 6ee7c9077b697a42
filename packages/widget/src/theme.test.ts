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
      ':host{--p:#0f766e;--op:white;--bg:rgb(255 250 240);' +
        '--r:8px;--fs:15px;--sp:0.3rem;--f:Inter, sans-serif;--sh:none;--z:10;}',
    );
  });

  it('puts dark colours in a block that applies while the host is dark', () => {
    expect(themeToCss({ dark: { colors: { primary: '#2dd4bf', text: '#eee' } } })).toBe(
      ':host([data-dark]){--p:#2dd4bf;--tx:#eee;}',
    );
  });

  it('takes numbers only when finite, and numeric strings as they are', () => {
    expect(
      themeToCss({ radius: '8', zIndex: '5' as never, fontSize: Number.POSITIVE_INFINITY, spacing: true as never }),
    ).toBe(':host{--r:8;--z:5;}');
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
    expect(css).toBe(':host{--p:redbodydisplay:none;--f:/stylescriptalert(1)/script;}');
  });
});
