/**
 * Calls one of the page's callbacks (`onSuccess`, `onError`). What it throws is the page's own
 * error, so it changes nothing the widget did (stored feedback stays sent, a failure stays that
 * failure) and rejects no promise of the widget's: it is reported the way the platform reports a
 * throwing event listener, through `reportError` (the window's `error` event and the console).
 *
 * @example
 * callPage(options.onError, error); // returns normally whatever onError does
 */
export function callPage<T>(callback: ((value: T) => void) | undefined, value: T): void {
  try {
    callback?.(value);
  } catch (error) {
    try {
      reportError(error);
    } catch {
      // No reportError (before Chrome 95, Safari 15.4): an exception thrown from a task of its own
      // is reported alike, a moment later.
      setTimeout(() => {
        throw error;
      });
    }
  }
}
