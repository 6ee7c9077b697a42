import type { Principal } from '../domain/api-key.js';
import { notFound } from '../errors/api-error.js';
import { type FlyerPaperSize, flyerHtml } from '../pages/share/flyer.js';
import { qrPng, qrSvg } from '../pages/share/qr-code.js';
import { type ShareInput, shareInputOf } from '../pages/share/share-input.js';
import { publicPageUrlOf, type ShareLinks, shareLinks } from '../pages/share/share-links.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';

/**
 * The sharing artifacts of a feedback page: its link, QR codes, email-signature button, iframe
 * snippet and flyer. Links use the configured public URL, or else the URL the request came to
 * (`fallbackBaseUrl`), so they work behind a proxy that sets `HEARBACK_PUBLIC_URL`.
 */
export function feedbackPageSharingService(store: Store, publicUrl: string | undefined) {
  async function inputFor(principal: Principal, pageId: string, fallbackBaseUrl: string) {
    const page = await store.feedbackPages.find(visibleTo(principal), pageId);
    const organization = page && (await store.organizations.find(page.orgId));
    if (!page || !organization) throw notFound('Feedback page', pageId);
    const baseUrl = publicUrl ?? fallbackBaseUrl;
    const input: ShareInput = shareInputOf(page, publicPageUrlOf(baseUrl, organization.slug, page.slug));
    return { input, baseUrl, page };
  }

  return {
    /** Every way to share the page at once (`GET …/share`). */
    async links(principal: Principal, pageId: string, fallbackBaseUrl: string): Promise<ShareLinks> {
      const { input, baseUrl, page } = await inputFor(principal, pageId, fallbackBaseUrl);
      return shareLinks(input, { apiBaseUrl: baseUrl, organizationId: page.orgId, pageId: page.id });
    },

    async qrSvg(principal: Principal, pageId: string, fallbackBaseUrl: string): Promise<string> {
      return qrSvg((await inputFor(principal, pageId, fallbackBaseUrl)).input.pageUrl);
    },

    async qrPng(principal: Principal, pageId: string, fallbackBaseUrl: string, size?: number): Promise<Buffer> {
      const { input } = await inputFor(principal, pageId, fallbackBaseUrl);
      return qrPng(input.pageUrl, size === undefined ? {} : { size });
    },

    async flyer(
      principal: Principal,
      pageId: string,
      fallbackBaseUrl: string,
      paper?: FlyerPaperSize,
    ): Promise<string> {
      const { input } = await inputFor(principal, pageId, fallbackBaseUrl);
      return flyerHtml(input, paper === undefined ? {} : { paper });
    },
  };
}
