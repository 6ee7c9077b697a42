import type { WidgetError } from '../errors.js';
import type { FeedbackKind, WidgetLabels } from '../types.js';

/** Where a submission started from the dialog stands. */
export type DialogStatus = 'idle' | 'sending' | 'sent' | 'queued' | 'failed';

/** What the launcher hands the dialog on every render. */
export interface DialogProps {
  /** The feedback kind (the widget's `type` option, passed through as it is). */
  type: FeedbackKind;
  labels?: Partial<WidgetLabels> | undefined;
  prompt?: string | undefined;
  /** The `comment` option as given: the box shows unless it is `false`, and always for `text`. */
  comment?: boolean | undefined;
  /** Rendered in the page's flow (no close button, no focus trap) rather than as a floating dialog. */
  inline: boolean;
  status: DialogStatus;
  /** Milliseconds after which a floating dialog that says thank you closes itself (`onClose`); falsy: never. */
  autoClose?: number | false | undefined;
  error: WidgetError | undefined;
  /** Sends what the visitor entered: the comment trimmed, or null when there is none. */
  onSubmit(feedback: { score: number | null; comment: string | null }): unknown;
  onClose(): void;
}

export interface DialogHandle {
  render(props: DialogProps): void;
  unmount(): void;
}

/**
 * The contract between the launcher and the lazily loaded dialog: widget.js loads
 * widget-dialog.js, which sets `window.HearbackDialog` to this; the ESM build imports it.
 */
export interface DialogModule {
  /**
   * Renders into `parent` (inside the shadow root). `addStyles` adds the dialog's sheet before the
   * launcher's, the way the launcher adds its own (constructed sheet, or nonce'd `<style>`), and
   * returns what removes it: one copy of that code, in the first stage.
   */
  mount(parent: ShadowRoot, addStyles: (css: string) => () => void): DialogHandle;
}
