import type { FeedbackActivity, Member } from '@hearback/client';
import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '../api/client.js';
import { feedbackDetailKey } from './feedback-queries.js';
import { fullTime, timeAgo } from './relative-time.js';
import { STATUS_LABELS } from './status.js';
import { tagsChangeWords } from './tags-change-words.js';

/** A value that is one id or URL (tags' values are lists). */
const single = (value: FeedbackActivity['to']) => (typeof value === 'string' ? value : null);

/** One line per change, in words: "Ada assigned it to Grace". */
function describe(entry: FeedbackActivity, nameOf: (userId: string | null | undefined) => string): string {
  switch (entry.kind) {
    case 'status_changed':
      return `moved it to ${STATUS_LABELS[entry.to as keyof typeof STATUS_LABELS] ?? entry.to}`;
    case 'assigned':
      return `assigned it to ${nameOf(single(entry.to))}`;
    case 'unassigned':
      return `unassigned ${nameOf(single(entry.from))}`;
    case 'issue_linked':
      return `linked ${entry.to}`;
    case 'issue_unlinked':
      return 'unlinked the issue';
    case 'tags_changed':
      return tagsChangeWords(entry.from, entry.to);
    case 'note_added':
      return 'added a note';
    case 'note_edited':
      return 'edited a note';
    case 'note_deleted':
      return 'deleted a note';
  }
}

/** Who changed what on the item, newest first (the audit log's view of it). */
export function ActivitySection({
  orgId,
  feedbackId,
  members,
}: {
  orgId: string;
  feedbackId: string;
  members: Member[];
}) {
  const activity = useQuery({
    queryKey: feedbackDetailKey(orgId, feedbackId, 'activity'),
    queryFn: () =>
      dataOf(api.GET('/organizations/{orgId}/feedback/{id}/activity', { params: { path: { orgId, id: feedbackId } } })),
  });
  const nameOf = (userId: string | null | undefined) =>
    members.find((member) => member.userId === userId)?.name ?? 'a former member';
  const entries = activity.data?.data ?? [];
  if (entries.length === 0) return null;
  return (
    <section className="pane-section" aria-labelledby="activity-title">
      <h3 id="activity-title">Activity</h3>
      <ol className="activity">
        {entries.map((entry) => (
          <li key={entry.id}>
            <strong>{entry.actor.name ?? 'Someone'}</strong> {describe(entry, nameOf)}{' '}
            <time className="muted" dateTime={entry.at} title={fullTime(entry.at)}>
              {timeAgo(entry.at)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  );
}
