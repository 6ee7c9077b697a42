import type { Feedback, FeedbackListQuery } from '@hearback/client';
import { normalizeTag } from '@hearback/spec';

/**
 * Whether a changed item still belongs in the list of `query`, judged on what triage changes (its
 * status, assignee and tags; the rest of an item never changes). The server decides the other filters:
 * the item was in that list, or its stream sent it.
 *
 * @example
 * matchesTriageFilters({ status: 'new' }, { ...item, status: 'resolved' }); // false: it leaves "New"
 */
export function matchesTriageFilters(
  query: FeedbackListQuery,
  item: Pick<Feedback, 'status' | 'assigneeId' | 'tags'>,
): boolean {
  if (query.status && item.status !== query.status) return false;
  if (query.assigneeId && item.assigneeId !== query.assigneeId) return false;
  if (query.unassigned && item.assigneeId !== null) return false;
  // The list's tags are normalized as the item's are: an item untagged from one leaves it.
  if (query.tag?.some((tag) => !item.tags.includes(normalizeTag(tag)))) return false;
  return true;
}
