import { counted, FEEDBACK_TYPE_NAMES } from '@hearback/spec';
import { quoted, UNTRUSTED_NOTICE, untrusted } from '../untrusted.js';
import type { FeedbackOutputType } from './schemas.js';

/** One feedback item as text: a header line, then its end-user text inside delimiters. */
export function renderFeedback(item: FeedbackOutputType, label: string): string {
  const type = FEEDBACK_TYPE_NAMES[item.type];
  const score = item.score === null ? '' : ` ${item.score}`;
  const source = item.source === null ? '' : ` · source ${quoted(item.source, 40)}`;
  const issue = item.issueLink ? ` · issue ${item.issueLink.key}` : '';
  const assignee = item.assigneeId ? ` · assigned to ${item.assigneeId}` : '';
  const tags = item.tags.length > 0 ? ` · tags ${item.tags.map((tag) => quoted(tag, 40)).join(', ')}` : '';
  const lines = [
    `${label}${item.id} · ${type}${score} · status ${item.status}${source} · inbox ${item.inboxId} · ${item.createdAt}${issue}${assignee}${tags}`,
  ];
  const userText: string[] = [];
  if (item.comment) userText.push(item.comment);
  if (Object.keys(item.context).length > 0) userText.push(`context: ${JSON.stringify(item.context)}`);
  if (userText.length > 0) lines.push(untrusted(userText.join('\n')));
  if (item.truncated) lines.push('(shortened here: call get_feedback with this id for the full text)');
  return lines.join('\n');
}

/** One item asked for by id: that item, with the untrusted-content notice. */
export function renderFeedbackItem(item: FeedbackOutputType): string {
  return `Feedback ${item.id}:\n${UNTRUSTED_NOTICE}\n\n${renderFeedback(item, '')}`;
}

/** How a result with a cursor says there is more, and how to read it. */
export function moreText(what: string, nextCursor: string | null): string {
  return nextCursor ? `More ${what} exist: call again with cursor ${JSON.stringify(nextCursor)}.` : '';
}

/** A page of feedback with the untrusted-content notice and how to read on. */
export function renderFeedbackPage(items: FeedbackOutputType[], nextCursor: string | null): string {
  const more = moreText('items', nextCursor);
  if (items.length === 0) return `No feedback matches. ${more}`.trim();
  const order = items.length > 1 ? ', newest first' : '';
  const header = nextCursor
    ? `${counted(items.length, 'feedback item')} on this page${order}. ${more}`
    : items.length === 1
      ? 'One feedback item matches.'
      : `${items.length} feedback items match${order}.`;
  const body = items
    .map((item, index) => renderFeedback(item, items.length === 1 ? '' : `${index + 1}. `))
    .join('\n\n');
  return `${header}\n${UNTRUSTED_NOTICE}\n\n${body}`;
}
