import { emailSignatureHtml } from './email-signature.js';
import { iframeSnippet } from './iframe-snippet.js';
import { checkedBaseUrl, checkedPageUrl } from './safe-urls.js';
import type { ShareInput } from './share-input.js';

/**
 * The sharing artifacts' paths, after a page's public URL (`/f/{orgSlug}/{pageSlug}/qr.svg`, served
 * without a key once the page is published) and after its API `…/share` path (with a key, drafts too).
 */
export const SHARE_ARTIFACT_PATHS = { qrSvg: '/qr.svg', qrPng: '/qr.png', flyer: '/flyer' } as const;

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
  const base = checkedBaseUrl(baseUrl);
  const prefix = `${base.origin}${base.pathname.replace(/\/+$/, '')}`;
  return `${prefix}/f/${encodeURIComponent(organizationSlug)}/${encodeURIComponent(pageSlug)}`;
}

/**
 * Every way to share a page at once: its link, the public URLs of its QR codes and flyer (next to
 * the page, so they can go in an email or on a poster as they are), and the two snippets.
 *
 * @example
 * shareLinks({ pageUrl: 'https://feedback.example/f/acme/nps', title: 'How are we doing?' }).qrPngUrl;
 * // 'https://feedback.example/f/acme/nps/qr.png'
 */
export function shareLinks(input: ShareInput): ShareLinks {
  const url = checkedPageUrl(input.pageUrl).href;
  return {
    url,
    qrSvgUrl: url + SHARE_ARTIFACT_PATHS.qrSvg,
    qrPngUrl: url + SHARE_ARTIFACT_PATHS.qrPng,
    emailSignatureHtml: emailSignatureHtml(input),
    iframeSnippet: iframeSnippet(input),
    flyerUrl: url + SHARE_ARTIFACT_PATHS.flyer,
  };
}
