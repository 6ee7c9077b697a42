import { ApiError } from '../../errors/api-error.js';

/** What every sharing artifact of a feedback page is made from. */
export interface ShareInput {
  /** The public page, `https://…/f/:orgSlug/:pageSlug`: http or https only. */
  pageUrl: string;
  title: string;
  description?: string;
  /** `#rgb` or `#rrggbb`; anything else falls back to {@link DEFAULT_ACCENT_COLOR}. */
  accentColor?: string;
  /** An https (or `data:image/…`) logo shown on the flyer; other schemes are ignored. */
  logoUrl?: string | null;
  /** The email-signature button's text. */
  buttonLabel?: string;
}

/** What {@link shareInputOf} reads of a feedback page (structurally, so it takes the page as stored). */
export interface SharedPage {
  title: string;
  description: string | null;
  settings: { theme: { colors?: Record<string, string> }; logoUrl: string | null };
}

/**
 * A feedback page's share input: its title, description, logo, and its theme's primary colour as
 * the accent (the colour its public page and the widget use).
 *
 * @example
 * shareInputOf(page, 'https://feedback.example/f/acme/onboarding');
 */
export function shareInputOf(page: SharedPage, pageUrl: string): ShareInput {
  return {
    pageUrl,
    title: page.title,
    ...(page.description ? { description: page.description } : {}),
    ...(page.settings.theme.colors?.primary ? { accentColor: page.settings.theme.colors.primary } : {}),
    logoUrl: page.settings.logoUrl,
  };
}

/** The widget's default primary colour (`--p` in its launcher sheet), so artifacts match it. */
export const DEFAULT_ACCENT_COLOR = '#4f46e5';

export const DEFAULT_BUTTON_LABEL = 'Give feedback';

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

/**
 * The page URL, checked: it goes into `href` and `src` attributes, where a `javascript:` URL
 * would run. The server builds it, so anything else is a bug (500), not bad input.
 */
export function checkedPageUrl(pageUrl: string): URL {
  return httpUrl(pageUrl, 'A feedback page URL');
}

/** The server's base URL, checked like {@link checkedPageUrl}. */
export function checkedBaseUrl(baseUrl: string): URL {
  return httpUrl(baseUrl, "The server's base URL");
}

function httpUrl(text: string, what: string): URL {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (url === undefined || (url.protocol !== 'https:' && url.protocol !== 'http:')) {
    throw new ApiError(500, 'internal_error', `${what} must be an absolute http or https URL.`);
  }
  return url;
}

/** The logo URL when it is safe to show (https, or an inline image), else undefined. */
export function safeLogoUrl(logoUrl: string | null | undefined): string | undefined {
  if (!logoUrl) return undefined;
  if (/^data:image\/(png|jpeg|gif|webp);base64,[a-z0-9+/=]+$/i.test(logoUrl)) return logoUrl;
  return URL.canParse(logoUrl) && new URL(logoUrl).protocol === 'https:' ? logoUrl : undefined;
}
