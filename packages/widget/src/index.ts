import type { WidgetInstance, WidgetOptions } from './types.js';
import { mountWidget } from './widget.js';

/**
 * Creates a feedback widget on the page (browser only: call it after render, never during SSR).
 * The dialog's code loads on first open.
 *
 * @example
 * const widget = createWidget({ inboxKey: 'ibx_…', apiKey: 'hb_…', apiUrl: 'https://feedback.example.com', type: 'nps' });
 * widget.setContext({ userId: 'u_42' });
 */
export function createWidget(options: WidgetOptions): WidgetInstance {
  return mountWidget(options, { loadDialog: () => import('./dialog/mount.js') });
}

// The vocabulary of @hearback/spec, under the names the widget has always exported.
export { FEEDBACK_TYPES as FEEDBACK_KINDS, isValidScore, SCORE_RANGES, type ScoreRange } from '@hearback/spec';
export { DEFAULT_LABELS } from './dialog/labels.js';
export { isWidgetError, WidgetError, type WidgetErrorCode } from './errors.js';
export { themeToCss } from './theme.js';
export type * from './types.js';
