import { hexColorOf } from '@hearback/spec';

/** The widget's default primary colour (`--p` in its launcher sheet), so artifacts match it. */
export const DEFAULT_ACCENT_COLOR = '#4f46e5';

/**
 * The accent colour as `#rrggbb` (Outlook's `bgcolor` wants six digits), or the default when the
 * input is not a plain hex colour: it lands in inline styles, where `red;}…` would break out.
 *
 * @example
 * accentColorOf('#0F7'); // '#00ff77'
 * accentColorOf('var(--x)'); // '#4f46e5'
 */
export function accentColorOf(color: string | undefined): string {
  return hexColorOf(color) ?? DEFAULT_ACCENT_COLOR;
}
