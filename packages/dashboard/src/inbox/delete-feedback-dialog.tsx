import { ConfirmDialog } from '../ui/confirm-dialog.js';
import { useDeleteFeedback } from './feedback-queries.js';

export interface DeleteFeedbackDialogProps {
  orgId: string;
  feedbackId: string;
  /** Cancelled, or done. */
  onClose: () => void;
  /** After the item is gone: back to the list. */
  onDeleted: () => void;
}

/**
 * Asks before deleting the open item, naming what goes with it; open while rendered. Its own
 * module: the inbox's first load carries no dialog (scripts/check-budget.mjs), it comes with the
 * first Delete.
 */
export function DeleteFeedbackDialog({ orgId, feedbackId, onClose, onDeleted }: DeleteFeedbackDialogProps) {
  const remove = useDeleteFeedback(orgId, () => {
    onClose();
    onDeleted();
  });
  return (
    <ConfirmDialog
      title="Delete this feedback item?"
      isOpen
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      confirmLabel="Delete item"
      onConfirm={() => remove.mutate(feedbackId)}
      pending={remove.isPending}
      error={remove.error}
    >
      <p>
        The item is deleted with its notes, its issue link and its assignment, and leaves search, stats and trends. Use
        it for spam or when the person who sent it asks to be erased. This cannot be undone.
      </p>
    </ConfirmDialog>
  );
}
