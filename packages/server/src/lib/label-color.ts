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

const DARK_TEXT = '#111827';

/** WCAG relative luminance of a `#rrggbb` colour. */
function luminanceOf(color: string): number {
  const channel = (offset: number) => {
    const value = Number.parseInt(color.slice(offset, offset + 2), 16) / 255;
    return value <= 0.03928 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

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
  const light = luminanceOf(background) + 0.05;
  return 1.05 / light >= light / (luminanceOf(DARK_TEXT) + 0.05) ? '#ffffff' : DARK_TEXT;
}
