import { useBlocker } from '@tanstack/react-router';
import { Button } from '../../ui/button.js';
import { ModalDialog } from '../../ui/dialog.js';

/**
 * Keeps unsaved builder changes from being lost by leaving: another screen asks first (save, leave
 * without saving, or stay); closing or reloading the tab gets the browser's own warning.
 */
export function UnsavedChangesGuard({ dirty, save }: { dirty: boolean; save: () => Promise<boolean> }) {
  const blocker = useBlocker({ shouldBlockFn: () => dirty, enableBeforeUnload: () => dirty, withResolver: true });
  if (blocker.status !== 'blocked') return null;
  return (
    <ModalDialog title="Save your changes?" isOpen onOpenChange={(open) => !open && blocker.reset()}>
      {() => (
        <>
          <p>This page has changes that are not saved yet.</p>
          <div className="row">
            <Button variant="primary" onClick={async () => ((await save()) ? blocker.proceed() : blocker.reset())}>
              Save and leave
            </Button>
            <Button variant="danger" onClick={() => blocker.proceed()}>
              Leave without saving
            </Button>
            <Button onClick={() => blocker.reset()}>Stay</Button>
          </div>
        </>
      )}
    </ModalDialog>
  );
}
