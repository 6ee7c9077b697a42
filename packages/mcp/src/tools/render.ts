import { quoted, UNTRUSTED_NOTICE, untrusted } from '../untrusted.js';
import type { FeedbackOutputType } from './schemas.js';

/** One feedback item as text: a header line, then its end-user text inside delimiters. */
export function renderFeedback(item: FeedbackOutputType, label: string): string {
  const score = item.score === null ? '' : ` ${item.score}`;
  const source = item.source === null ? '' : ` · source ${quoted(item.source, 40)}`;
  const issue = item.issueLink ? ` · issue ${item.issueLink.key}` : '';
  const lines = [
    `${label}${item.id} · ${item.type}${score} · status ${item.status}${source} · inbox ${item.inboxId} · ${item.createdAt}${issue}`,
  ];
  const userText: string[] = [];
  if (item.comment) userText.push(item.comment);
  if (Object.keys(item.context).length > 0) userText.push(`context: ${JSON.stringify(item.context)}`);
  if (userText.length > 0) lines.push(untrusted(userText.join('\n')));
  if (item.truncated) lines.push('(shortened here: call get_feedback with this id for the full text)');
  return lines.join('\n');
}

/** A page of feedback with the untrusted-content notice and how to read on. */
export function renderFeedbackPage(items: FeedbackOutputType[], nextCursor: string | null): string {
  const more = nextCursor
    ? `More items exist: call again with cursor ${JSON.stringify(nextCursor)}.`
    : 'No more items.';
  if (items.length === 0) return `No feedback matches. ${nextCursor ? more : ''}`.trim();
  const body = items.map((item, index) => renderFeedback(item, `${index + 1}. `)).join('\n\n');
  return `${items.length} feedback item(s), newest first. ${more}\n${UNTRUSTED_NOTICE}\n\n${body}`;
}
