import { emailSignatureHtml } from './email-signature.js';
import { iframeSnippet } from './iframe-snippet.js';
import { checkedBaseUrl, checkedPageUrl } from './safe-urls.js';
import type { ShareInput } from './share-input.js';

/** The sharing endpoints under a page's `…/share` path: the routes and {@link shareLinks} read them. */
export const SHARE_ARTIFACT_PATHS = { qrSvg: '/qr.svg', qrPng: '/qr.png', flyer: '/flyer' } as const;

/** Where a page's share endpoints live: the server's base URL and the page's ids. */
export interface ShareApiLocation {
  /** The server's public base URL, e.g. `https://example.com/hearback` (a path prefix is kept). */
  apiBaseUrl: string;
  organizationId: string;
  pageId: string;
}

/** The body of `GET /v1/organizations/{orgId}/feedback-pages/{pageId}/share`. */
export interface ShareLinks {
  url: string;
  qrSvgUrl: string;
  qrPngUrl: string;
  emailSignatureHtml: string;
  iframeSnippet: string;
  flyerUrl: string;
}

/**
 * A page's public URL, `<base>/f/<orgSlug>/<pageSlug>` (a base URL path prefix is kept).
 *
 * @example
 * publicPageUrlOf('https://feedback.example', 'acme', 'onboarding'); // 'https://feedback.example/f/acme/onboarding'
 */
export function publicPageUrlOf(baseUrl: string, organizationSlug: string, pageSlug: string): string {
  return `${baseWithoutSlash(baseUrl)}/f/${encodeURIComponent(organizationSlug)}/${encodeURIComponent(pageSlug)}`;
}

/** The base URL, checked, as origin and path with no trailing slash, ready for a path to follow. */
function baseWithoutSlash(baseUrl: string): string {
  const base = checkedBaseUrl(baseUrl);
  return `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
}

/**
 * The path of a page's share resource; the artifacts are below it ({@link SHARE_ARTIFACT_PATHS}).
 *
 * @example
 * sharePathOf('org_1', 'page_2'); // '/v1/organizations/org_1/feedback-pages/page_2/share'
 */
export function sharePathOf(organizationId: string, pageId: string): string {
  return `/v1/organizations/${encodeURIComponent(organizationId)}/feedback-pages/${encodeURIComponent(pageId)}/share`;
}

/**
 * Every way to share a page at once: its link, the URLs of its QR codes and flyer (API URLs,
 * which need the caller's credentials), and the two snippets ready to paste.
 *
 * @example
 * shareLinks(
 *   { pageUrl: 'https://feedback.example/f/acme/nps', title: 'How are we doing?' },
 *   { apiBaseUrl: 'https://feedback.example', organizationId: 'org_1', pageId: 'page_2' },
 * ).qrPngUrl; // 'https://feedback.example/v1/organizations/org_1/feedback-pages/page_2/share/qr.png'
 */
export function shareLinks(input: ShareInput, location: ShareApiLocation): ShareLinks {
  const share = baseWithoutSlash(location.apiBaseUrl) + sharePathOf(location.organizationId, location.pageId);
  return {
    url: checkedPageUrl(input.pageUrl).href,
    qrSvgUrl: share + SHARE_ARTIFACT_PATHS.qrSvg,
    qrPngUrl: share + SHARE_ARTIFACT_PATHS.qrPng,
    emailSignatureHtml: emailSignatureHtml(input),
    iframeSnippet: iframeSnippet(input),
    flyerUrl: share + SHARE_ARTIFACT_PATHS.flyer,
  };
}
