/**
 * English defaults of the labels the first stage shows itself (the launcher, and the notice in
 * its corner while the dialog loads or cannot); the dialog's own are in dialog/labels.ts.
 */
export const LAUNCHER_LABELS = {
  launcher: 'Feedback',
  loading: 'Loading…',
  loadOffline: 'You’re offline. Try again once you’re back online.',
  loadFailed: 'The form couldn’t load. Please try again.',
};
