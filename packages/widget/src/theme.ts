import type { ThemeTokens } from './types.js';

// Token → the custom property the widget's sheets read (`--p` for `primary`, …). Internal and
// short, since every `var()` in both stages spells one out; the tokens are the public names.
const COLORS: Record<string, string> = {
  primary: 'p',
  onPrimary: 'op',
  background: 'bg',
  surface: 'sf',
  text: 'tx',
  muted: 'mu',
  border: 'bd',
  focus: 'fc',
  error: 'er',
  success: 'ok',
};
const OTHERS: Record<string, string> = {
  radius: 'r',
  fontSize: 'fs',
  spacing: 'sp',
  font: 'f',
  shadow: 'sh',
  zIndex: 'z',
};

/**
 * Declarations for the tokens present. Numbers are pixels (zIndex stays a number); strings lose
 * any character that could end the declaration block, so a token cannot inject other CSS.
 */
function declarations(tokens: object | undefined, names: Record<string, string>): string {
  let css = '';
  for (const key in names) {
    let value: unknown = (tokens as Record<string, unknown> | undefined)?.[key];
    // Number.isFinite is false for anything but a finite number, strings included.
    if (Number.isFinite(value)) value = key === 'zIndex' ? Math.trunc(value as number) : `${value}px`;
    else if (typeof value === 'string') value = value.replace(/[;{}<>\\\n\r]/g, '').trim();
    else continue;
    if (value !== '') css += `--${names[key]}:${value};`;
  }
  return css;
}

/**
 * Maps theme tokens to CSS custom properties on the widget's shadow host; the dark block applies
 * while the host carries `data-dark`.
 *
 * @example
 * themeToCss({ colors: { primary: '#0f766e' }, radius: 8 });
 * // ':host{--p:#0f766e;--r:8px;}'
 */
export function themeToCss(theme: ThemeTokens | undefined): string {
  const base = declarations(theme?.colors, COLORS) + declarations(theme, OTHERS);
  const dark = declarations(theme?.dark?.colors, COLORS);
  return (base && `:host{${base}}`) + (dark && `:host([data-dark]){${dark}}`);
}
