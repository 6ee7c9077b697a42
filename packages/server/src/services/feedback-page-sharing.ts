import type { Principal } from '../domain/api-key.js';
import type { FeedbackPage } from '../domain/feedback-page.js';
import { notFound } from '../errors/api-error.js';
import { type FlyerPaperSize, flyerHtml } from '../pages/share/flyer.js';
import { qrPng, qrSvg } from '../pages/share/qr-code.js';
import { type ShareInput, shareInputOf } from '../pages/share/share-input.js';
import { publicPageUrlOf, type ShareLinks, shareLinks } from '../pages/share/share-links.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';

/** What a sharing artifact is made of: the page, and the base URL its public address is on. */
export interface SharedPage {
  page: FeedbackPage;
  orgSlug: string;
  baseUrl: string;
}

/** The artifacts of a page, wherever it was found (by id with a key, or by its public address). */
export const shareArtifacts = {
  input: ({ page, orgSlug, baseUrl }: SharedPage): ShareInput =>
    shareInputOf(page, publicPageUrlOf(baseUrl, orgSlug, page.slug)),
  qrSvg: (shared: SharedPage) => qrSvg(shareArtifacts.input(shared).pageUrl),
  qrPng: (shared: SharedPage, size?: number) =>
    qrPng(shareArtifacts.input(shared).pageUrl, size === undefined ? {} : { size }),
  flyer: (shared: SharedPage, paper?: FlyerPaperSize) =>
    flyerHtml(shareArtifacts.input(shared), paper === undefined ? {} : { paper }),
};

/**
 * The sharing artifacts of a feedback page for a key: its link, QR codes, email-signature button,
 * iframe snippet and flyer, drafts included. Links use the configured public URL, or else the URL
 * the request came to (`fallbackBaseUrl`), so they work behind a proxy that sets `HEARBACK_PUBLIC_URL`.
 */
export function feedbackPageSharingService(store: Store, publicUrl: string | undefined) {
  async function sharedPage(principal: Principal, pageId: string, fallbackBaseUrl: string): Promise<SharedPage> {
    const page = await store.feedbackPages.find(visibleTo(principal), pageId);
    const organization = page && (await store.organizations.find(page.orgId));
    if (!page || !organization) throw notFound('Feedback page', pageId);
    return { page, orgSlug: organization.slug, baseUrl: publicUrl ?? fallbackBaseUrl };
  }

  return {
    /** The public base URL links are built on: the configured one, or the request's. */
    baseUrl: (fallbackBaseUrl: string) => publicUrl ?? fallbackBaseUrl,

    /** Every way to share the page at once (`GET …/share`). */
    async links(principal: Principal, pageId: string, fallbackBaseUrl: string): Promise<ShareLinks> {
      return shareLinks(shareArtifacts.input(await sharedPage(principal, pageId, fallbackBaseUrl)));
    },

    async qrSvg(principal: Principal, pageId: string, fallbackBaseUrl: string): Promise<string> {
      return shareArtifacts.qrSvg(await sharedPage(principal, pageId, fallbackBaseUrl));
    },

    async qrPng(principal: Principal, pageId: string, fallbackBaseUrl: string, size?: number): Promise<Buffer> {
      return shareArtifacts.qrPng(await sharedPage(principal, pageId, fallbackBaseUrl), size);
    },

    async flyer(
      principal: Principal,
      pageId: string,
      fallbackBaseUrl: string,
      paper?: FlyerPaperSize,
    ): Promise<string> {
      return shareArtifacts.flyer(await sharedPage(principal, pageId, fallbackBaseUrl), paper);
    },
  };
}
