import { ApiError } from '../../errors/api-error.js';

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
