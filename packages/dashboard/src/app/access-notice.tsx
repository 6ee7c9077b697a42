import { useSyncExternalStore } from 'react';
import { Button } from '../ui/button.js';

let notice: string | null = null;
const listeners = new Set<() => void>();

/** Shows `message` (what changed in the person's access) until they dismiss it (`null`). */
export function showAccessNotice(message: string | null): void {
  notice = message;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The latest change in the person's access, announced as it appears: at the top of the screen, in
 * the flow (over no tab or heading), and kept in the window as the screen scrolls.
 */
export function AccessNotice() {
  const message = useSyncExternalStore(subscribe, () => notice);
  return (
    <div className="access-notice-region" role="status">
      {message && (
        <div className="access-notice alert alert-info">
          <span>{message}</span>
          <Button variant="quiet" onClick={() => showAccessNotice(null)}>
            Dismiss
          </Button>
        </div>
      )}
    </div>
  );
}
