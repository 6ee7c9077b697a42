import { restHookTrigger } from './rest-hook-trigger.js';

/**
 * A response to a feedback page, as the API answers it: answers by question id (map them in the
 * Zap as `answers__<questionId>`), the respondent's contact when the page asks, the page version.
 * Until an organization has responses, the sample below is what Zapier shows.
 */
export const newPageResponse = restHookTrigger({
  key: 'new_page_response',
  noun: 'Page Response',
  label: 'New Page Response',
  description: 'Triggers when someone submits one of your feedback pages.',
  event: 'page_response.created',
  sample: {
    id: 'resp_01jd3x2k9v6c4h8m2n5p7q1r3s',
    orgId: 'org_01jd3x2k9v6c4h8m2n5p7q1r3s',
    pageId: 'page_01jd3x2k9v6c4h8m2n5p7q1r3s',
    brandId: null,
    pageVersion: 1,
    answers: { recommend: 9, why: 'The export just works.' },
    contact: { email: 'ada@example.com' },
    context: null,
    channel: 'page',
    ipAddress: null,
    userAgent: null,
    createdAt: '2026-11-22T10:15:00.000Z',
  },
  outputFields: [
    { key: 'id', label: 'Response ID' },
    { key: 'orgId', label: 'Organization ID' },
    { key: 'pageId', label: 'Page ID' },
    { key: 'pageVersion', label: 'Page version' },
    { key: 'contact__email', label: 'Respondent email' },
    { key: 'contact__name', label: 'Respondent name' },
    { key: 'channel', label: 'Channel (page or api)' },
    { key: 'createdAt', label: 'Submitted at' },
  ],
});
