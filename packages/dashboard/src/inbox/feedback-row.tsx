import type { Feedback } from '@hearback/client';
import { fullTime, timeAgo } from './relative-time.js';
import { ScoreBadge } from './score.js';
import { StatusBadge } from './status.js';
import { TagChips } from './tag-chips.js';

export interface FeedbackRowProps {
  item: Feedback;
  open: boolean;
  checked: boolean;
  /** Whether it can be checked for bulk changes (not for a role that cannot triage). */
  selectable?: boolean;
  arrived: boolean;
  assigneeName: string | undefined;
  onOpen(): void;
  onCheck(checked: boolean): void;
}

/** One item of the list: check it for bulk changes, press it to open it in the pane. */
export function FeedbackRow({
  item,
  open,
  checked,
  selectable = true,
  arrived,
  assigneeName,
  onOpen,
  onCheck,
}: FeedbackRowProps) {
  return (
    <li className={`feedback-row${open ? ' is-open' : ''}${arrived ? ' is-arrived' : ''}`} data-id={item.id}>
      {selectable && (
        <input
          type="checkbox"
          className="checkbox"
          checked={checked}
          onChange={(event) => onCheck(event.target.checked)}
          aria-label={`Select for bulk changes: ${item.comment ?? item.type}`}
        />
      )}
      <button type="button" className="feedback-row-open" aria-current={open ? 'true' : undefined} onClick={onOpen}>
        <ScoreBadge item={item} />
        <span className="feedback-row-comment">{item.comment ?? <span className="muted">No comment</span>}</span>
        <span className="feedback-row-meta">
          <StatusBadge status={item.status} />
          {assigneeName && <span className="muted">{assigneeName}</span>}
          {item.source && <span className="muted">{item.source}</span>}
          <TagChips tags={item.tags} compact />
          <time dateTime={item.createdAt} title={fullTime(item.createdAt)}>
            {timeAgo(item.createdAt)}
          </time>
        </span>
      </button>
    </li>
  );
}
