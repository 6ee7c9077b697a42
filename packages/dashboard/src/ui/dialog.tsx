import { type ReactNode, useEffect } from 'react';
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
              <KeepFocusOnClose />
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

/**
 * React Aria gives focus back to the element that opened the dialog; when the dialog's act removed
 * that element (the Remove button of a member now gone), focus would fall to the page's body and a
 * keyboard or screen reader user would start again from the top. The screen's main region takes it
 * instead. Checked after React Aria's own restoring, which waits for the next frame.
 */
function KeepFocusOnClose() {
  useEffect(
    () => () => {
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const lost = !document.activeElement || document.activeElement === document.body;
          if (lost) document.getElementById('main')?.focus();
        }),
      );
    },
    [],
  );
  return null;
}
