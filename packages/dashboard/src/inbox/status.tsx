import type { FeedbackStatus } from '@hearback/client';
import { FEEDBACK_STATUSES } from '@hearback/spec';

export const STATUS_LABELS: Readonly<Record<FeedbackStatus, string>> = {
  new: 'New',
  triaged: 'Triaged',
  in_progress: 'In progress',
  resolved: 'Resolved',
  closed: 'Closed',
  spam: 'Spam',
};

/** The statuses as select options, in workflow order. */
export const STATUS_OPTIONS = FEEDBACK_STATUSES.map((status) => ({ id: status, label: STATUS_LABELS[status] }));

export function StatusBadge({ status }: { status: FeedbackStatus }) {
  return <span className={`status status-${status}`}>{STATUS_LABELS[status]}</span>;
}
