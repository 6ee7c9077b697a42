import type { ReactNode } from 'react';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ModalDialog } from '../ui/dialog.js';
import { problemFeedback } from '../ui/problem-feedback.js';

/**
 * A question before an act that cannot be undone (remove a member, hand over the organization):
 * the act runs only on the confirm button, and the dialog stays open with the server's refusal.
 */
export function ConfirmAction({
  title,
  confirmLabel,
  isOpen,
  onOpenChange,
  onConfirm,
  pending,
  error,
  children,
}: {
  title: string;
  confirmLabel: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  onConfirm: () => void;
  pending: boolean;
  error: unknown;
  children: ReactNode;
}) {
  return (
    <ModalDialog title={title} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <div className="stack">
          {children}
          <Alert>{problemFeedback(error).formError}</Alert>
          <div className="row dialog-actions">
            <Button onClick={close}>Cancel</Button>
            <Button variant="danger" onClick={onConfirm} pending={pending}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      )}
    </ModalDialog>
  );
}
