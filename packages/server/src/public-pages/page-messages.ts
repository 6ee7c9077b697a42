import type { FeedbackPage } from '../domain/feedback-page.js';

/** What a closed page says in place of its form. */
export function closedMessage(page: FeedbackPage): { title: string; text: string } {
  return { title: page.title, text: 'This page is closed: it no longer takes responses. Thank you for your interest.' };
}

/** What an unknown address (or a draft page) says. */
export const NOT_FOUND_MESSAGE = {
  title: 'Page not found',
  text: 'There is no feedback page at this address. Check the link you were given.',
};

/** What a single-submission page says to a browser that answered it already. */
export const ALREADY_ANSWERED_MESSAGE = {
  title: 'You have already answered',
  text: 'This page takes one response per person, and this browser has sent one. Thank you!',
};

/** What a form posted in an encoding other than UTF-8 says (400): nothing of it was stored. */
export const UNREADABLE_FORM_MESSAGE = {
  title: 'Your answers could not be read',
  text: 'Your browser sent the form in a text encoding this page cannot read, so nothing was saved. Go back to the page and send your answers again; if this keeps happening, try another browser.',
};
