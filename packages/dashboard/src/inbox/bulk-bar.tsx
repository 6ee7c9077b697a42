import type { FeedbackUpdate, Member } from '@hearback/client';
import { Button } from '../ui/button.js';
import { SelectField } from '../ui/select.js';
import { STATUS_OPTIONS } from './status.js';

const NOBODY = 'nobody';

/**
 * Changes for every checked item at once: a status, an assignee. Its fields say what they do in their
 * placeholder, their labels are for screen readers: the bar stays in view over the list, one line high.
 */
export function BulkBar({
  count,
  members,
  pending,
  onApply,
  onClear,
}: {
  count: number;
  members: Member[];
  pending: boolean;
  onApply(change: FeedbackUpdate): void;
  onClear(): void;
}) {
  return (
    <section className="bulk-bar" aria-label="Bulk changes">
      <span aria-live="polite">{count} selected</span>
      <SelectField
        label="Set status"
        hideLabel
        options={STATUS_OPTIONS}
        placeholder="Set status…"
        disabled={pending}
        value={null}
        onChange={(status) => onApply({ status: status as FeedbackUpdate['status'] })}
      />
      <SelectField
        label="Assign to"
        hideLabel
        options={[
          { id: NOBODY, label: 'Nobody' },
          ...members.map((member) => ({ id: member.userId, label: member.name })),
        ]}
        placeholder="Assign…"
        disabled={pending}
        value={null}
        onChange={(userId) => onApply({ assigneeId: userId === NOBODY ? null : userId })}
      />
      <Button variant="quiet" onClick={onClear}>
        Clear selection
      </Button>
    </section>
  );
}
