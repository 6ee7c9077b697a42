import type { ThemeTokens } from '@hearback/widget';

/** A brand theme: teal, squarer corners, a serif face, and its own dark colours. */
export const BRAND_THEME: ThemeTokens = {
  colors: { primary: '#0f766e', focus: '#14b8a6', background: '#fffdf7', surface: '#f1efe7', border: '#e2ddd0' },
  radius: 8,
  font: 'Georgia, "Times New Roman", serif',
  spacing: 5,
  dark: {
    colors: { primary: '#2dd4bf', onPrimary: '#042f2e', background: '#10201e', surface: '#17302d', border: '#24403c' },
  },
};
