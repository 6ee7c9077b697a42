import type { UseMutationResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Alert } from './alert.js';
import { Button } from './button.js';
import { ModalDialog } from './dialog.js';
import { problemFeedback } from './problem-feedback.js';

export interface ConfirmDialogProps {
  title: string;
  isOpen: boolean;
  onOpenChange: (open: boolean) => void;
  /** What happens, in the API's own terms (what is deleted with it, whether it can be undone). */
  children: ReactNode;
  /** The confirming button's text ("Delete inbox", "Revoke key"). */
  confirmLabel: string;
  onConfirm: () => void;
  /** The confirmed act is under way. */
  pending?: boolean;
  /** Its failure, shown in the dialog (the server's words). */
  error?: unknown;
}

/**
 * A modal that asks before an act that cannot be undone; the caller runs the act (a mutation)
 * and closes it on success. Cancel has the focus first, so Enter never destroys by accident.
 */
export function ConfirmDialog({
  title,
  isOpen,
  onOpenChange,
  children,
  confirmLabel,
  onConfirm,
  pending = false,
  error,
}: ConfirmDialogProps) {
  return (
    <ModalDialog title={title} isOpen={isOpen} onOpenChange={onOpenChange}>
      {(close) => (
        <>
          <div className="confirm-message">{children}</div>
          <Alert>{problemFeedback(error).formError}</Alert>
          <div className="dialog-actions">
            {/* A destructive dialog opens on its harmless choice. */}
            <Button autoFocus onClick={close}>
              Cancel
            </Button>
            <Button variant="danger" onClick={onConfirm} pending={pending}>
              {confirmLabel}
            </Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}

/**
 * The {@link ConfirmDialog} props that ask about `subject` (open while it is set) before `act` runs
 * on it: closing clears the subject and the act's last failure.
 *
 * @example
 * <ConfirmDialog title="Delete?" confirmLabel="Delete" {...confirmFor(deleting, () => setDeleting(null), remove)}>
 */
export function confirmFor<T>(
  subject: T | null,
  clear: () => void,
  act: UseMutationResult<unknown, unknown, T>,
): Pick<ConfirmDialogProps, 'isOpen' | 'onOpenChange' | 'onConfirm' | 'pending' | 'error'> {
  return {
    isOpen: subject !== null,
    onOpenChange: (open) => {
      if (open) return;
      clear();
      act.reset();
    },
    onConfirm: () => {
      if (subject !== null) act.mutate(subject);
    },
    pending: act.isPending,
    error: act.error,
  };
}
