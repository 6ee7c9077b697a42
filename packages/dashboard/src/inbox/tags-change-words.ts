import type { FeedbackActivity } from '@hearback/client';

/**
 * A change of tags in words, from the sets before and after: what was added, what was removed
 * ("tagged it bug and removed the tag billing"), not the set after, which read as all added.
 */
export function tagsChangeWords(from: FeedbackActivity['from'], to: FeedbackActivity['to']): string {
  const before = Array.isArray(from) ? from : [];
  const after = Array.isArray(to) ? to : [];
  const added = after.filter((tag) => !before.includes(tag));
  const removed = before.filter((tag) => !after.includes(tag));
  const words: string[] = [];
  if (added.length > 0) words.push(`tagged it ${added.join(', ')}`);
  if (removed.length > 0) words.push(`removed the ${removed.length === 1 ? 'tag' : 'tags'} ${removed.join(', ')}`);
  return words.join(' and ') || 'changed its tags';
}
