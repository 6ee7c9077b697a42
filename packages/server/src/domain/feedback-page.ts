import type { AnswerValue, Contact, ContactRequirement, PageState, Question } from '@hearback/forms';
import type { AnyOfScopes, Principal } from './api-key.js';

export type ColorScheme = 'light' | 'dark' | 'system';

/** The widget's theme tokens (`@hearback/widget`'s `ThemeTokens`), plus the page's colour scheme. */
export interface PageTheme {
  colorScheme?: ColorScheme;
  colors?: Record<string, string>;
  radius?: string | number;
  font?: string;
  fontSize?: string | number;
  spacing?: string | number;
  dark?: { colors?: Record<string, string> };
}

/** How a page looks and behaves; every member has a default (see `DEFAULT_PAGE_SETTINGS`). */
export interface PageSettings {
  theme: PageTheme;
  logoUrl: string | null;
  thankYouMessage: string;
  /** Where the browser goes after a response (http or https); null shows the thank-you message. */
  redirectUrl: string | null;
  /** No IP address or user agent is stored with the page's responses. */
  anonymous: boolean;
  requireContact: ContactRequirement;
  /** One response per respondent, as far as a cookie and a keyed hash of address and agent tell. */
  singleSubmission: boolean;
  /** The public page asks for a proof of work (ALTCHA); keyed API calls never do. */
  captcha: boolean;
}

export const DEFAULT_PAGE_SETTINGS: PageSettings = {
  theme: {},
  logoUrl: null,
  thankYouMessage: 'Thank you for your feedback!',
  redirectUrl: null,
  anonymous: false,
  requireContact: 'none',
  singleSubmission: false,
  captcha: true,
};

/** A feedback page as the API answers it. */
export interface FeedbackPage {
  id: string;
  orgId: string;
  brandId: string | null;
  slug: string;
  title: string;
  description: string | null;
  questions: Question[];
  settings: PageSettings;
  state: PageState;
  /** Moves on when the questions of a page that may have responses change; each response records it. */
  version: number;
  publishedAt: string | null;
  closedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

/** A page found by its public address, with what its visits are counted by. */
export interface PublicFeedbackPage extends FeedbackPage {
  /** Its organization's time zone: the days its views and starts count on. */
  timeZone: string;
}

/** A page as lists show it: with how many responses it has. */
export interface FeedbackPageSummary extends FeedbackPage {
  responseCount: number;
}

/** Where a response came from: a keyed API call, or the public page. */
export type ResponseChannel = 'api' | 'page';

/** A response to a feedback page, as the API answers it. */
export interface PageResponse {
  id: string;
  orgId: string;
  pageId: string;
  brandId: string | null;
  /** The page version whose questions it answered. */
  pageVersion: number;
  answers: Record<string, AnswerValue>;
  contact: Contact | null;
  context: Record<string, unknown> | null;
  channel: ResponseChannel;
  /** The respondent's address and browser, from the public page; null on anonymous pages and API calls. */
  ipAddress: string | null;
  userAgent: string | null;
  createdAt: string;
}

/** A response as stored: with the single-submission hash, which the API never shows. */
export interface StoredPageResponse extends PageResponse {
  respondentHash: string | null;
}

/** Reading pages (drafts included) and their responses: what `read` keys and `forms` keys may both do. */
export const PAGE_READ_SCOPES = ['read', 'forms'] as const satisfies AnyOfScopes;

/**
 * Whether a principal may see a page in this state. A key that may only submit (`collect`) reads
 * the structure of the pages it can answer, published or closed ones, whose public page, QR code
 * and flyer show as much to anyone; a draft stays with those who read pages.
 *
 * @example
 * mayReadPage(collectOnlyKey, 'draft'); // false
 */
export function mayReadPage(principal: Principal, state: PageState): boolean {
  return state !== 'draft' || PAGE_READ_SCOPES.some((scope) => principal.scopes.has(scope));
}
