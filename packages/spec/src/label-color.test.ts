import { describe, expect, it } from 'vitest';
import { DARK_TEXT, luminanceOf, textColorOn, WHITE_LABEL_MAX_LUMINANCE } from './label-color.js';

const contrast = (a: number, b: number) => (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);

describe('textColorOn', () => {
  it('picks white on dark and saturated accents, near-black on light ones', () => {
    expect(textColorOn('#4f46e5')).toBe('#ffffff');
    expect(textColorOn('#0f766e')).toBe('#ffffff');
    expect(textColorOn('#fde047')).toBe(DARK_TEXT);
    expect(textColorOn('#f59e0b')).toBe(DARK_TEXT);
  });

  it('switches where near-black starts to contrast more than white', () => {
    // The literal the widget's CSS carries is where the two contrast ratios meet.
    const dark = luminanceOf(DARK_TEXT);
    const meet = Math.sqrt(1.05 * (dark + 0.05)) - 0.05;
    expect(WHITE_LABEL_MAX_LUMINANCE).toBeCloseTo(meet, 4);
    for (const luminance of [meet - 0.001, meet + 0.001]) {
      const whiteWins = contrast(1, luminance) >= contrast(dark, luminance);
      expect(luminance <= WHITE_LABEL_MAX_LUMINANCE).toBe(whiteWins);
    }
  });
});
