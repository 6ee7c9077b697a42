import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { membersQuery } from '../api/organization.js';
import { usePermissions } from '../app/permissions.js';
import { SelectField } from '../ui/select.js';
import { ActivitySection } from './activity-section.js';
import { ContextTable } from './context-table.js';
import { DeleteFeedback } from './delete-feedback.js';
import { feedbackQuery, useUpdateFeedback } from './feedback-queries.js';
import { IssueLinkField } from './issue-link-field.js';
import { NotesSection } from './notes-section.js';
import { fullTime } from './relative-time.js';
import { ScoreBadge } from './score.js';
import { SimilarSection } from './similar-section.js';
import { STATUS_OPTIONS } from './status.js';
import { TagsField } from './tags-field.js';

const NOBODY = 'nobody';

/** The open item: everything about it, and its triage (status, assignee, tags, issue, notes). */
export interface FeedbackPaneProps {
  orgId: string;
  id: string;
  /** The assignee field, which the `a` key focuses. */
  assigneeRef: React.Ref<HTMLSelectElement>;
  /** Once the item is deleted: close the pane. */
  onDeleted: () => void;
}

export function FeedbackPane({ orgId, id, assigneeRef, onDeleted }: FeedbackPaneProps) {
  const { may } = usePermissions();
  const item = useQuery(feedbackQuery(orgId, id));
  const members = useQuery(membersQuery(orgId));
  const update = useUpdateFeedback(orgId);
  const canTriage = may('updateFeedback');
  const pane = useRef<HTMLElement>(null);
  const shownId = item.data?.id;
  // On a narrow screen the pane is below the list: opening an item brings it into view, also when
  // only a sliver of it shows at the window's foot. Beside the list (sticky) most of it is in view
  // already, and a pane taller than the window would scroll the page.
  useEffect(() => {
    const box = pane.current?.getBoundingClientRect();
    if (!shownId || !box) return;
    const shown = Math.min(box.bottom, window.innerHeight) - box.top;
    if (box.top < 0 || shown < Math.min(box.height, window.innerHeight / 2)) {
      pane.current?.scrollIntoView({ block: 'start' });
    }
  }, [shownId]);

  if (item.isPending) return <aside className="pane" aria-busy="true" aria-label="Feedback item" />;
  if (item.isError) {
    return (
      <aside className="pane" aria-label="Feedback item">
        <p role="alert">{item.error.message}</p>
      </aside>
    );
  }
  const feedback = item.data;
  const assigneeOptions = [
    { id: NOBODY, label: 'Nobody' },
    ...(members.data?.data ?? []).map((member) => ({ id: member.userId, label: member.name })),
  ];
  return (
    <aside className="pane" aria-labelledby="pane-title" ref={pane}>
      <header className="pane-header">
        <ScoreBadge item={feedback} />
        <h2 id="pane-title" className="pane-title">
          {feedback.comment ? 'Comment' : 'No comment'}
        </h2>
        <time className="muted" dateTime={feedback.createdAt}>
          {fullTime(feedback.createdAt)}
        </time>
        {may('deleteFeedback') && <DeleteFeedback orgId={orgId} feedbackId={feedback.id} onDeleted={onDeleted} />}
      </header>
      {feedback.comment && <p className="pane-comment">{feedback.comment}</p>}
      {update.error && (
        <p className="field-error" role="alert">
          {update.error.message}
        </p>
      )}
      <div className="pane-triage">
        <SelectField
          label="Status"
          options={STATUS_OPTIONS}
          value={feedback.status}
          disabled={!canTriage}
          onChange={(status) =>
            update.mutate({ id: feedback.id, change: { status: status as (typeof STATUS_OPTIONS)[number]['id'] } })
          }
        />
        <SelectField
          label="Assignee"
          options={assigneeOptions}
          value={feedback.assigneeId ?? NOBODY}
          disabled={!canTriage}
          ref={assigneeRef}
          onChange={(userId) =>
            update.mutate({ id: feedback.id, change: { assigneeId: userId === NOBODY ? null : userId } })
          }
        />
      </div>
      <TagsField
        key={`tags-${feedback.id}`}
        orgId={orgId}
        feedbackId={feedback.id}
        tags={feedback.tags}
        canEdit={canTriage}
      />
      <IssueLinkField
        key={feedback.id}
        orgId={orgId}
        feedbackId={feedback.id}
        link={feedback.issueLink}
        disabled={!canTriage}
      />
      <ContextTable context={feedback.context} />
      <NotesSection orgId={orgId} feedbackId={feedback.id} canWrite={may('createNote')} />
      <ActivitySection orgId={orgId} feedbackId={feedback.id} members={members.data?.data ?? []} />
      <SimilarSection orgId={orgId} feedbackId={feedback.id} />
    </aside>
  );
}
