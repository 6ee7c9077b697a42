import type { ReactNode } from 'react';
import { Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from 'react-aria-components';

export interface ModalDialogProps {
  /** The element that opens it (a Button from react-aria-components, or ours wrapped in `<Pressable>`). */
  trigger?: ReactNode;
  title: string;
  /** Controlled opening (without a trigger). */
  isOpen?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** Receives `close` for the dialog's own buttons. */
  children: (close: () => void) => ReactNode;
}

/**
 * A modal dialog (React Aria: focus kept inside and given back, Escape and the backdrop close it,
 * announced with its title). For screens loaded on demand; the inbox's first load has none.
 */
export function ModalDialog({ trigger, title, isOpen, onOpenChange, children }: ModalDialogProps) {
  const modal = (
    <ModalOverlay className="modal-overlay" isDismissable isOpen={isOpen} onOpenChange={onOpenChange}>
      <Modal className="modal">
        <Dialog className="dialog">
          {({ close }) => (
            <>
              <Heading slot="title" className="dialog-title">
                {title}
              </Heading>
              {children(close)}
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
  if (!trigger) return modal;
  return (
    <DialogTrigger isOpen={isOpen} onOpenChange={onOpenChange}>
      {trigger}
      {modal}
    </DialogTrigger>
  );
}
