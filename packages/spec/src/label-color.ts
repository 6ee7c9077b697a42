const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * A plain hex colour as `#rrggbb`, or undefined for anything else (a name, `rgb()`, `var(--x)`):
 * what {@link textColorOn} can measure.
 *
 * @example
 * hexColorOf('#0F7'); // '#00ff77'
 * hexColorOf('teal'); // undefined
 */
export function hexColorOf(color: string | undefined): string | undefined {
  if (color === undefined || !HEX_COLOR.test(color)) return undefined;
  const digits = color.slice(1).toLowerCase();
  return `#${digits.length === 3 ? [...digits].map((digit) => digit + digit).join('') : digits}`;
}

export const DARK_TEXT = '#111827';

/** WCAG relative luminance of a `#rrggbb` colour. */
export function luminanceOf(color: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(color.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/**
 * The luminance up to which white contrasts more than near-black (the two ratios,
 * 1.05 / (L + 0.05) and (L + 0.05) / (luminance of near-black + 0.05), meet there); a literal,
 * which label-color.test.ts holds to the two ratios.
 */
export const WHITE_LABEL_MAX_LUMINANCE = 0.1993;

/**
 * White or near-black, whichever contrasts more with a `#rrggbb` background, so a label on an
 * accent colour of the owner's choosing stays readable (email signature buttons, the public page's
 * buttons).
 *
 * @example
 * textColorOn('#4f46e5'); // '#ffffff'
 * textColorOn('#fde047'); // '#111827'
 */
export function textColorOn(background: string): string {
  return luminanceOf(background) <= WHITE_LABEL_MAX_LUMINANCE ? '#ffffff' : DARK_TEXT;
}
