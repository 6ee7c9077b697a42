import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors/api-error.js';
import { localDayOf, shiftDay } from '../lib/zoned-time.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';

/**
 * How many days (of its organization's time zone) a view's visit may still count its start: the
 * view's day and the next, so a page opened before midnight and started after it counts, and a
 * start never waits longer than the table of started visits keeps them.
 */
export const VISIT_DAYS = 2;

const VISIT = /^(\d{4}-\d{2}-\d{2})\.([A-Za-z0-9_-]{16})\.([A-Za-z0-9_-]{43})$/;

/** A counted view's visit, as its page carries it: the day the view was counted, an id, and a MAC of both with the page. */
export interface PageVisit {
  /** The day (`YYYY-MM-DD`, in the organization's time zone) the view was counted on, where its start is counted too. */
  day: string;
  id: string;
}

/** The oldest day whose visits may still start on `today`; older ones are refused. */
export function oldestVisitDay(today: string): string {
  return shiftDay(today, -(VISIT_DAYS - 1));
}

/** The zone whose today is the earliest on earth: UTC−12 (the signs of IANA's `Etc` names are reversed). */
const WESTERNMOST_ZONE = 'Etc/GMT+12';

/**
 * The oldest day whose visits may still start somewhere at `now`: a visit carries its
 * organization's day, which in the zones west of UTC is still yesterday's UTC day, so visits are
 * forgotten only once the westernmost zone's today cannot start them.
 *
 * @example
 * oldestStartableVisitDay(new Date('2026-11-27T06:00:00Z')); // '2026-11-25'
 */
export function oldestStartableVisitDay(now: Date): string {
  return oldestVisitDay(localDayOf(now.getTime(), WESTERNMOST_ZONE));
}

const macOf = (secrets: ServerSecrets, pageId: string, day: string, id: string) =>
  secrets.mac('page-visit', `${pageId}\0${day}\0${id}`);

/** 400 naming `visit`: a start is counted for a counted view only. */
const invalidVisit = (message: string) =>
  new ApiError(400, 'validation_failed', message, { errors: [{ path: 'visit', message }] });

/**
 * A new visit of `pageId` whose view was counted on `day`: what the page hands its script, so the
 * visitor's start names the view it belongs to.
 *
 * @example
 * const visit = issueVisit(secrets, 'page_…', '2026-11-27'); // '2026-11-27.<id>.<mac>'
 */
export function issueVisit(secrets: ServerSecrets, pageId: string, day: string): string {
  const id = randomBytes(12).toString('base64url');
  return `${day}.${id}.${macOf(secrets, pageId, day, id)}`;
}

/**
 * The visit `text` names, when this server issued it for `pageId` (its MAC) within the last
 * {@link VISIT_DAYS} days of the organization, whose `today` is given; otherwise a 400 naming `visit`: a start without a counted view (a
 * program posting starts by itself, a forged or stale visit) counts nothing.
 *
 * @example
 * readVisit(secrets, 'page_…', visit, '2026-11-27'); // { day: '2026-11-27', id: '…' }
 */
export function readVisit(
  secrets: ServerSecrets,
  pageId: string | undefined,
  text: string | undefined,
  today: string,
): PageVisit {
  const match = VISIT.exec(text ?? '');
  if (!match) throw invalidVisit('visit is required: the visit the page was loaded with.');
  const [, day = '', id = ''] = match;
  const expected = Buffer.from(pageId === undefined ? '' : macOf(secrets, pageId, day, id));
  const given = Buffer.from(match[3] ?? '');
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) {
    throw invalidVisit('visit is not a visit of this page.');
  }
  if (day < oldestVisitDay(today) || day > today) throw invalidVisit('visit has expired: load the page again.');
  return { day, id };
}
