import type { ThemeTokens } from './types.js';

// Token → custom property (after `--hb-`).
const COLORS: Record<string, string> = {
  primary: 'primary',
  onPrimary: 'on-primary',
  background: 'bg',
  surface: 'surface',
  text: 'text',
  muted: 'muted',
  border: 'border',
  focus: 'focus',
  error: 'error',
  success: 'success',
};
const OTHERS: Record<string, string> = {
  radius: 'radius',
  fontSize: 'font-size',
  spacing: 'space',
  font: 'font',
  shadow: 'shadow',
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
    if (typeof value === 'number' && Number.isFinite(value))
      value = key === 'zIndex' ? Math.trunc(value) : `${value}px`;
    else if (typeof value === 'string') value = value.replace(/[;{}<>\\\n\r]/g, '').trim();
    else continue;
    if (value !== '') css += `--hb-${names[key]}:${value};`;
  }
  return css;
}

/**
 * Maps theme tokens to CSS custom properties on the widget's shadow host; the dark block applies
 * while the host carries `data-dark`.
 *
 * @example
 * themeToCss({ colors: { primary: '#0f766e' }, radius: 8 });
 * // ':host{--hb-primary:#0f766e;--hb-radius:8px;}'
 */
export function themeToCss(theme: ThemeTokens | undefined): string {
  const base = declarations(theme?.colors, COLORS) + declarations(theme, OTHERS);
  const dark = declarations(theme?.dark?.colors, COLORS);
  return (base && `:host{${base}}`) + (dark && `:host([data-dark]){${dark}}`);
}
