/** The widget's default primary colour (`--p` in its launcher sheet), so artifacts match it. */
export const DEFAULT_ACCENT_COLOR = '#4f46e5';

const HEX_COLOR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/**
 * The accent colour as `#rrggbb` (Outlook's `bgcolor` wants six digits), or the default when the
 * input is not a plain hex colour: it lands in inline styles, where `red;}…` would break out.
 *
 * @example
 * accentColorOf('#0F7'); // '#00ff77'
 * accentColorOf('var(--x)'); // '#4f46e5'
 */
export function accentColorOf(color: string | undefined): string {
  if (color === undefined || !HEX_COLOR.test(color)) return DEFAULT_ACCENT_COLOR;
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
 * White or near-black, whichever contrasts more with a `#rrggbb` background, so a light accent
 * colour still gets a readable label.
 *
 * @example
 * textColorOn('#4f46e5'); // '#ffffff'
 * textColorOn('#fde047'); // '#111827'
 */
export function textColorOn(background: string): string {
  const light = luminanceOf(background) + 0.05;
  return 1.05 / light >= light / (luminanceOf(DARK_TEXT) + 0.05) ? '#ffffff' : DARK_TEXT;
}
