'use client';
// Client components and hooks: a React Server Components tree may import this entry and render
// <FeedbackWidget> (the bundler sends it to the browser). First line, so dist/index.js starts with it.

export type {
  ColorScheme,
  FeedbackContext,
  FeedbackKind,
  FeedbackSubmission,
  LauncherPosition,
  SubmitOutcome,
  SuccessEvent,
  ThemeTokens,
  WidgetErrorCode,
  WidgetLabels,
  WidgetOptions,
} from '@hearback/widget';
export { isWidgetError, WidgetError } from '@hearback/widget';
export { FeedbackWidget, type FeedbackWidgetProps } from './feedback-widget.js';
export { type FeedbackControls, type UseFeedbackOptions, useFeedback } from './use-feedback.js';
