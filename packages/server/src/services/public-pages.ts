import type { Challenge } from 'altcha-lib';
import type { FeedbackPage, PageResponse, PublicFeedbackPage } from '../domain/feedback-page.js';
import type { PageResponseInput } from '../domain/feedback-page-input.js';
import { ApiError } from '../errors/api-error.js';
import { localDayOf } from '../lib/zoned-time.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { Store } from '../storage/store.js';
import { type CaptchaOptions, captchaService } from './captcha.js';
import { assertAccepting, checkResponse, recordResponse } from './page-responses.js';
import { issueVisit, readVisit } from './page-visits.js';

/** What a public page's form sent: answers by question id (unchecked), contact, captcha payload. */
export interface PublicSubmission {
  answers: Record<string, unknown>;
  contact?: PageResponseInput['contact'];
  captcha?: string | undefined;
}

/** Who is submitting, as the HTTP layer sees them. */
export interface Visitor {
  ipAddress: string | null;
  userAgent: string | null;
  /** The page's single-submission cookie came with the request. */
  answeredBefore: boolean;
}

const alreadySubmitted = () =>
  new ApiError(409, 'already_submitted', 'You have already answered this page: it takes one response per person.');

/**
 * The public side of feedback pages (`/f/:orgSlug/:pageSlug`): finding a page by its address,
 * counting views and starts, the captcha, and responses from browsers with single-submission.
 *
 * @example
 * const page = await services.publicPages.find('acme', 'spring-survey');
 * const visit = page && (await services.publicPages.viewed(page));
 */
export function publicPagesService(
  store: Store,
  secrets: ServerSecrets,
  onEvents: () => void,
  options: { captcha?: CaptchaOptions } = {},
) {
  const captcha = captchaService(store, secrets, options.captcha);

  /**
   * Today in the page's organization's time zone: the day a view is counted on, as trends count
   * feedback. A count stays on its day: a later change of zone moves responses (counted from their
   * instants) but not views and starts, kept as daily counts alone.
   */
  const todayOf = (page: PublicFeedbackPage) => localDayOf(Date.now(), page.timeZone);

  /**
   * A keyed hash of the page, address and user agent: the same browser on the same network
   * answers to it, and the database holds nothing that gives either back.
   */
  const respondentHash = (page: FeedbackPage, visitor: Visitor) =>
    secrets.mac('page-respondent-hash', `${page.id}\0${visitor.ipAddress ?? ''}\0${visitor.userAgent ?? ''}`);

  return {
    /** A published or closed page by its public address; undefined for drafts and unknown slugs. */
    async find(orgSlug: string, pageSlug: string): Promise<PublicFeedbackPage | undefined> {
      const page = await store.feedbackPages.findPublic(orgSlug, pageSlug);
      return page && page.state !== 'draft' ? page : undefined;
    },

    /**
     * Counts a view of the page today, and answers the visit it opens: the page hands it to its
     * script, whose start names it ({@link started}).
     */
    async viewed(page: PublicFeedbackPage): Promise<string> {
      const day = todayOf(page);
      await store.feedbackPages.count(page.id, day, 'views');
      return issueVisit(secrets, page.id, day);
    },

    /**
     * Counts a start (a visitor's first interaction) of a visit, once, on its view's day: starts
     * never exceed views, and repeating the beacon, or sending one without loading the page,
     * inflates nothing. A visit this server did not issue for the page (or for no page at that
     * address), or an expired one, is a 400 naming `visit`; a closed page's is not counted.
     */
    async started(page: PublicFeedbackPage | undefined, visit: string | undefined): Promise<void> {
      // Without a page no visit's MAC matches: any day serves.
      const read = readVisit(secrets, page?.id, visit, page ? todayOf(page) : localDayOf(Date.now(), 'UTC'));
      if (page?.state !== 'published') return;
      await store.feedbackPages.countStart(page.id, read);
    },

    /** A captcha challenge for the page (409 when it takes no responses). */
    challenge(page: FeedbackPage): Promise<Challenge> {
      assertAccepting(page, 'page');
      return captcha.challenge(page.id);
    },

    /**
     * A response from the public page: answers checked first (so a solved captcha is not spent
     * on a form that must be corrected), then one response per respondent on single-submission
     * pages (the cookie; and unless the page is anonymous, the keyed hash of address and agent),
     * then the captcha, then the response is stored and the job runner woken.
     */
    async submit(page: FeedbackPage, submission: PublicSubmission, visitor: Visitor): Promise<PageResponse> {
      assertAccepting(page, 'page');
      checkResponse(page, submission);
      const single = page.settings.singleSubmission;
      // Anonymous pages keep nothing derived from the address or agent: the cookie alone decides.
      const hash = single && !page.settings.anonymous ? respondentHash(page, visitor) : null;
      if (single && visitor.answeredBefore) throw alreadySubmitted();
      if (hash && (await store.pageResponses.respondentAnswered(page.id, hash))) throw alreadySubmitted();
      if (page.settings.captcha) await captcha.redeem(page.id, submission.captcha);
      const response = await recordResponse(
        store,
        page,
        { answers: submission.answers, contact: submission.contact },
        { channel: 'page', ipAddress: visitor.ipAddress, userAgent: visitor.userAgent, respondentHash: hash },
      );
      onEvents();
      return response;
    },
  };
}

export type PublicPagesService = ReturnType<typeof publicPagesService>;
