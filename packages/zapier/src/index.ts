import { createRequire } from 'node:module';
import zapier, { defineApp } from 'zapier-platform-core';
import { authentication } from './authentication.js';
import { submitFeedback } from './creates/submit-feedback.js';
import { updateFeedback } from './creates/update-feedback.js';
import { addApiKey, throwProblems } from './middleware.js';
import { inboxList } from './triggers/inbox-list.js';
import { newFeedback } from './triggers/new-feedback.js';
import { newPageResponse } from './triggers/new-page-response.js';

// From src/ under the tests and from dist/ once built: package.json is one level up from both.
const { version } = createRequire(import.meta.url)('../package.json') as { version: string };

/** The Hearback app for Zapier (`zapier push` deploys this object as the integration). */
const app = defineApp({
  version,
  platformVersion: zapier.version,
  authentication,
  beforeRequest: [addApiKey],
  afterResponse: [throwProblems],
  triggers: {
    new_feedback: newFeedback,
    new_page_response: newPageResponse,
    inbox_list: inboxList,
  },
  creates: {
    submit_feedback: submitFeedback,
    update_feedback: updateFeedback,
  },
});

export default app;
