import { restHookTrigger } from './rest-hook-trigger.js';

/**
 * Page responses arrive with feedback pages; until an organization has some, the sample below is
 * what Zapier shows and `performList` answers an empty list.
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
    createdAt: '2026-11-22T10:15:00.000Z',
  },
  outputFields: [
    { key: 'id', label: 'Response ID' },
    { key: 'orgId', label: 'Organization ID' },
    { key: 'pageId', label: 'Page ID' },
    { key: 'createdAt', label: 'Submitted at' },
  ],
});
