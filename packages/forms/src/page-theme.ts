/**
 * The colour tokens of a page's theme (the widget's `ThemeColors`): what `settings.theme.colors`
 * and `settings.theme.dark.colors` may set.
 */
export const PAGE_COLOR_TOKENS = [
  'primary',
  'onPrimary',
  'background',
  'surface',
  'text',
  'muted',
  'border',
  'focus',
  'error',
  'success',
] as const;
export type PageColorToken = (typeof PAGE_COLOR_TOKENS)[number];

/**
 * The public page's colours where its theme sets none, in each scheme: the page's stylesheet is
 * written from them, and a builder's preview shows them.
 */
export const DEFAULT_PAGE_COLORS: Readonly<Record<'light' | 'dark', Readonly<Record<PageColorToken, string>>>> = {
  light: {
    primary: '#0f766e',
    onPrimary: '#fff',
    background: '#f6f7f9',
    surface: '#fff',
    text: '#1f2328',
    muted: '#57606a',
    border: '#8c959f',
    focus: '#0969da',
    error: '#b42318',
    success: '#1a7f37',
  },
  dark: {
    primary: '#2dd4bf',
    onPrimary: '#042f2e',
    background: '#0d1117',
    surface: '#161b22',
    text: '#e6edf3',
    muted: '#9da7b3',
    border: '#6e7681',
    focus: '#58a6ff',
    error: '#ff7b72',
    success: '#3fb950',
  },
};

/**
 * The stars of a star rating, in either scheme and whatever the theme: a star is amber, not the
 * page's primary colour. The public page's stylesheet and the builder's preview both draw with it.
 */
export const STAR_COLOR = '#b7791f';
