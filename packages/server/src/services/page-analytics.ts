import { analyticsRange, type DayRange } from '../domain/analytics-range.js';
import type { Principal } from '../domain/api-key.js';
import { instantBounds } from '../domain/date-bound.js';
import type { FeedbackPage } from '../domain/feedback-page.js';
import { type AnsweredResponse, type QuestionBreakdown, questionBreakdowns } from '../domain/question-breakdown.js';
import { roundTo } from '../domain/satisfaction-scores.js';
import { notFound } from '../errors/api-error.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { timeZoneOf } from './date-bounds.js';
import { type TrendBucket, trendBuckets } from './trend-buckets.js';

/**
 * The most responses the per-question breakdowns read (the newest of the range); the totals and
 * daily series always count every response.
 */
export const MAX_BREAKDOWN_RESPONSES = 10_000;
const READ_BATCH = 500;

/** A feedback page's analytics over a range of days in its organization's time zone. */
export interface PageAnalytics {
  pageId: string;
  /** The organization's time zone (IANA) the days are in. */
  timezone: string;
  range: DayRange;
  views: number;
  starts: number;
  /** Responses stored in the range (through the page or the API). */
  completions: number;
  /** completions ÷ views (4 decimals), null without views; API responses can make it exceed 1. */
  conversionRate: number | null;
  /** Every day of the range, oldest first, zeros included. */
  daily: { day: string; views: number; starts: number; completions: number }[];
  /** How many responses the breakdowns read: all of the range, up to {@link MAX_BREAKDOWN_RESPONSES} (the newest). */
  breakdownResponses: number;
  questions: QuestionBreakdown[];
}

async function findPage(store: Store, principal: Principal, pageId: string): Promise<FeedbackPage> {
  const page = await store.feedbackPages.find(visibleTo(principal), pageId);
  if (!page) throw notFound('Feedback page', pageId);
  return page;
}

/** The days' responses, newest first, read by cursor up to {@link MAX_BREAKDOWN_RESPONSES}. */
async function responsesOf(store: Store, principal: Principal, pageId: string, days: readonly TrendBucket[]) {
  const range = { from: days[0]?.start, to: days.at(-1)?.end };
  const responses: AnsweredResponse[] = [];
  let before: string | null = null;
  do {
    const limit = Math.min(READ_BATCH, MAX_BREAKDOWN_RESPONSES - responses.length);
    const batch = await store.pageResponses.list(visibleTo(principal), pageId, { limit, before, ...range });
    for (const { id, createdAt, answers } of batch.items) responses.push({ id, createdAt, answers });
    before = batch.lastId;
  } while (before !== null && responses.length < MAX_BREAKDOWN_RESPONSES);
  return responses;
}

/**
 * Views, starts, completions, conversion and their daily series (added up by the database), and
 * per-question breakdowns over the page's current questions (computed from the answers). Days are
 * the organization's, as the feedback trends count them: the range's dates (and today) are read in
 * its time zone, and a response counts on the day its instant falls on there.
 *
 * @example
 * const analytics = await pageAnalytics(store, principal, 'page_…', { from: '2026-11-01', to: '2026-11-30' });
 */
export async function pageAnalytics(
  store: Store,
  principal: Principal,
  pageId: string,
  asked: { from?: string | undefined; to?: string | undefined },
): Promise<PageAnalytics> {
  const timeZone = await timeZoneOf(store, principal.orgId);
  const now = new Date();
  const range = analyticsRange(asked, timeZone, now);
  const page = await findPage(store, principal, pageId);
  // The trends' days: each from its first instant in the zone to the next one's (23 or 25 hours across a change).
  const instants = instantBounds(range, timeZone);
  const days = trendBuckets({
    interval: 'day',
    timeZone,
    from: Date.parse(instants.from),
    to: Date.parse(instants.to),
    now: now.getTime(),
  });
  const counted = new Map(
    (await store.pageAnalytics.dailyCounts(visibleTo(principal), page.id, days)).map((row) => [row.day, row]),
  );
  const daily = days.map(({ date: day }) => {
    const { views = 0, starts = 0, completions = 0 } = counted.get(day) ?? {};
    return { day, views, starts, completions };
  });
  const total = (member: 'views' | 'starts' | 'completions') => daily.reduce((sum, day) => sum + day[member], 0);
  const [views, completions] = [total('views'), total('completions')];
  const responses = await responsesOf(store, principal, page.id, days);
  return {
    pageId: page.id,
    timezone: timeZone,
    range,
    views,
    starts: total('starts'),
    completions,
    conversionRate: views === 0 ? null : roundTo(completions / views, 4),
    daily,
    breakdownResponses: responses.length,
    questions: questionBreakdowns(page.questions, responses),
  };
}
