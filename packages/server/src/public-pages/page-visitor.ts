import type { Context } from 'hono';
import { getCookie, setCookie } from 'hono/cookie';
import type { FeedbackPage } from '../domain/feedback-page.js';
import { requestClientAddress } from '../http/client-address.js';
import type { CidrSet } from '../lib/cidr.js';
import type { Visitor } from '../services/public-pages.js';
import { publicPath } from './render-page.js';

/** The single-submission cookie, scoped to one page's path. */
const ANSWERED_COOKIE = 'hearback_answered';
/** How long the cookie remembers an answer: a year. */
const ANSWERED_MAX_AGE = 365 * 24 * 3600;

/**
 * Who is submitting: the client's address (the connection's, or behind a trusted proxy the one it
 * forwards: `HEARBACK_TRUSTED_PROXIES`; any client could forge the header, so no other proxy is
 * believed), the browser's user agent, and whether the page's cookie says it answered already.
 */
export function visitorOf(c: Context, trustedProxies: CidrSet): Visitor {
  return {
    ipAddress: requestClientAddress(c, trustedProxies),
    userAgent: c.req.header('user-agent') ?? null,
    // The browser sends the cookie to this page's path only.
    answeredBefore: getCookie(c, ANSWERED_COOKIE) !== undefined,
  };
}

/** Remembers in the browser that it answered a single-submission page (HttpOnly, SameSite=Lax, the page's path). */
export function rememberAnswered(c: Context, page: FeedbackPage, orgSlug: string): void {
  if (!page.settings.singleSubmission) return;
  setCookie(c, ANSWERED_COOKIE, '1', {
    path: publicPath(orgSlug, page.slug),
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    maxAge: ANSWERED_MAX_AGE,
  });
}
