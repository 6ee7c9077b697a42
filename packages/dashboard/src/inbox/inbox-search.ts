import type { FeedbackFilters, FeedbackListQuery } from '@hearback/client';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@hearback/spec';
import { optionalNumber, optionalOneOf, optionalString } from '../app/search-params.js';

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
  /** A member's user id, or `none` for unassigned items. */
  assignee?: string | undefined;
  /** The item open in the pane. */
  item?: string | undefined;
}

export const UNASSIGNED = 'none';

export function validateInboxSearch(search: Record<string, unknown>): InboxSearch {
  return {
    type: optionalOneOf(FEEDBACK_TYPES)(search.type),
    status: optionalOneOf(FEEDBACK_STATUSES)(search.status),
    inboxId: optionalString(search.inboxId),
    brand: optionalString(search.brand),
    source: optionalString(search.source),
    scoreMin: optionalNumber(search.scoreMin),
    scoreMax: optionalNumber(search.scoreMax),
    from: optionalString(search.from),
    to: optionalString(search.to),
    q: optionalString(search.q),
    meaning: optionalString(search.meaning),
    assignee: optionalString(search.assignee),
    item: optionalString(search.item),
  };
}

/** The list's query parameters for a search (everything but the open item), named as the API names them. */
export function listQueryOf(search: InboxSearch): FeedbackListQuery {
  const { item: _item, meaning: _meaning, assignee, brand, ...filters } = search;
  const query: FeedbackListQuery = { ...filters, brandId: brand };
  if (assignee === UNASSIGNED) query.unassigned = true;
  else if (assignee) query.assigneeId = assignee;
  for (const key of Object.keys(query) as (keyof FeedbackListQuery)[]) if (query[key] === undefined) delete query[key];
  return query;
}

/** The inbox state a saved view's filters stand for (the inverse of {@link listQueryOf}). */
export function searchOfFilters(filters: FeedbackFilters): InboxSearch {
  const { assigneeId, unassigned, brandId, ...rest } = filters;
  return { ...rest, brand: brandId, assignee: unassigned ? UNASSIGNED : assigneeId };
}

/** Whether any filter is set (the empty state then says "nothing matches" rather than "nothing yet"). */
export const isFiltered = (search: InboxSearch) => Object.keys(listQueryOf(search)).length > 0;
