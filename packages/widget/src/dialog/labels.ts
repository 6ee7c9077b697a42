import type { LAUNCHER_LABELS } from '../launcher-labels.js';
import type { WidgetLabels } from '../types.js';

/** English defaults; every one can be overridden through `labels`. */
/** The labels the dialog shows (the launcher's own text stays in the first stage). */
export type DialogLabels = Omit<WidgetLabels, keyof typeof LAUNCHER_LABELS>;

export const DEFAULT_LABELS: DialogLabels = {
  promptThumbs: 'Was this helpful?',
  promptStars: 'How would you rate this?',
  promptNps: 'How likely are you to recommend us to a friend?',
  promptCsat: 'How satisfied are you with us?',
  promptEmoji: 'How do you feel about this?',
  promptText: 'What’s on your mind?',
  thumbsUp: 'Yes',
  thumbsDown: 'No',
  star: '{n} of 5 stars',
  npsLow: 'Not likely',
  npsHigh: 'Very likely',
  csatScale: 'Very unsatisfied,Unsatisfied,Neutral,Satisfied,Very satisfied',
  emojiScale: 'Terrible,Bad,Okay,Good,Great',
  commentLabel: 'Tell us more (optional)',
  commentLabelRequired: 'Your feedback',
  commentPlaceholder: 'What could we do better?',
  submit: 'Send feedback',
  sending: 'Sending…',
  close: 'Close',
  success: 'Thanks for your feedback!',
  successDetail: 'We read every message.',
  queuedTitle: 'Saved for later',
  queued: 'You’re offline. We’ll send it when you’re back online.',
  retrying: 'It couldn’t be sent just now; we’ll retry shortly.',
  blockedTitle: 'Couldn’t send',
  blocked: 'It didn’t reach us (an extension may block it). We’ll retry later.',
  error: 'Your feedback couldn’t be sent.',
  retry: 'Try again',
  commentRequired: 'Please write a few words.',
};
