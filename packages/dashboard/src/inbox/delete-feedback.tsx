import { lazy, Suspense, useState } from 'react';
import { Button } from '../ui/button.js';

const DeleteFeedbackDialog = lazy(() =>
  import('./delete-feedback-dialog.js').then((module) => ({ default: module.DeleteFeedbackDialog })),
);

export interface DeleteFeedbackProps {
  orgId: string;
  feedbackId: string;
  /** After the item is gone: back to the list. */
  onDeleted: () => void;
}

/** The open item's Delete, asked first; for the roles that may (the caller checks `deleteFeedback`). */
export function DeleteFeedback({ orgId, feedbackId, onDeleted }: DeleteFeedbackProps) {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <Button variant="quiet" className="pane-delete" onClick={() => setAsking(true)}>
        Delete
      </Button>
      {asking && (
        <Suspense fallback={null}>
          <DeleteFeedbackDialog
            orgId={orgId}
            feedbackId={feedbackId}
            onClose={() => setAsking(false)}
            onDeleted={onDeleted}
          />
        </Suspense>
      )}
    </>
  );
}
