import type { FeedbackFilters, FeedbackListQuery } from '@hearback/client';
import { SCORE_BOUNDS_IN_ORDER, scoreBoundsInOrder } from '@hearback/inputs';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@hearback/spec';
import { optionalNumber, optionalOneOf, optionalString, optionalStrings } from '../app/search-params.js';

/** The inbox's state in its URL: the list filters and the open item, so a view is a link. */
export interface InboxSearch {
  type?: FeedbackListQuery['type'];
  status?: FeedbackListQuery['status'];
  inboxId?: string | undefined;
  /** A brand id (the API's `brandId`). */
  brand?: string | undefined;
  source?: string | undefined;
  scoreMin?: number | undefined;
  scoreMax?: number | undefined;
  from?: string | undefined;
  to?: string | undefined;
  /** Comment substring. */
  q?: string | undefined;
  /** A search by meaning (semantic search): the list shows its hits instead. */
  meaning?: string | undefined;
  /** Only items carrying this tag (one: `?tag=billing`), or every one of these. */
  tag?: string | string[] | undefined;
  /** A member's user id, or `none` for unassigned items. */
  assignee?: string | undefined;
  /** The item open in the pane. */
  item?: string | undefined;
}

export const UNASSIGNED = 'none';

/**
 * How each key of the inbox's URL is read: the one list of the keys the inbox knows. A key not
 * here (`ref`, `utm_source` of a link pasted from Slack or mail) is ignored: it stays in the
 * address but never reaches the API, the stream or a saved view.
 */
const READERS: { [Key in keyof InboxSearch]-?: (value: unknown) => InboxSearch[Key] } = {
  type: optionalOneOf(FEEDBACK_TYPES),
  status: optionalOneOf(FEEDBACK_STATUSES),
  inboxId: optionalString,
  brand: optionalString,
  source: optionalString,
  scoreMin: optionalNumber,
  scoreMax: optionalNumber,
  from: optionalString,
  to: optionalString,
  q: optionalString,
  meaning: optionalString,
  tag: optionalStrings,
  assignee: optionalString,
  item: optionalString,
};

/** The keys the inbox knows, each read as its kind (a value of the wrong kind is dropped); nothing else. */
export function validateInboxSearch(search: object): InboxSearch {
  const known: Record<string, unknown> = {};
  for (const [key, read] of Object.entries(READERS)) known[key] = read((search as Record<string, unknown>)[key]);
  return known as InboxSearch;
}

/**
 * The list's query parameters for a search (everything but the open item), named as the API names
 * them. Only the keys the inbox knows: a route's search also holds whatever else the address had.
 */
export function listQueryOf(search: InboxSearch): FeedbackListQuery {
  const { item: _item, meaning: _meaning, assignee, brand, tag, ...filters } = validateInboxSearch(search);
  const query: FeedbackListQuery = { ...filters, brandId: brand, tag: tagsOf(tag) };
  if (assignee === UNASSIGNED) query.unassigned = true;
  else if (assignee) query.assigneeId = assignee;
  for (const key of Object.keys(query) as (keyof FeedbackListQuery)[]) if (query[key] === undefined) delete query[key];
  return query;
}

/** The tags a search filters by, as a list (the API's `tag`), or undefined for none. */
export const tagsOf = (tag: InboxSearch['tag']): string[] | undefined =>
  tag === undefined ? undefined : typeof tag === 'string' ? [tag] : tag;

/** The inbox state a saved view's filters stand for (the inverse of {@link listQueryOf}). */
export function searchOfFilters(filters: FeedbackFilters): InboxSearch {
  const { assigneeId, unassigned, brandId, tag, ...rest } = filters;
  return { ...rest, brand: brandId, tag: optionalStrings(tag), assignee: unassigned ? UNASSIGNED : assigneeId };
}

/** Whether any filter is set (the empty state then says "nothing matches" rather than "nothing yet"). */
export const isFiltered = (search: InboxSearch) => Object.keys(listQueryOf(search)).length > 0;

/**
 * What is wrong with the score range, said beside its "to" field as the API would say it: a reversed
 * range holds no score, and the list, its stream and a search would all be refused.
 */
export const scoreRangeError = (query: FeedbackListQuery): string | undefined =>
  scoreBoundsInOrder(query) ? undefined : SCORE_BOUNDS_IN_ORDER.message;
