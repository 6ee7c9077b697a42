import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, jsonContent, OrgParams } from '../shared.schemas.js';
import { TagCountListSchema } from './feedback-tags.schemas.js';

export const listTags = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/tags',
    tags: ['Feedback'],
    operationId: 'listTags',
    summary: "The organization's feedback tags, with how many items carry each",
    description:
      "Every tag on a feedback item, most used first, then by name (the tags to offer when filtering the list with `tag`). Requires the `read` scope; brand-scoped keys count their brand's items only.",
    request: { params: OrgParams },
    responses: { 200: jsonContent(TagCountListSchema, 'The tags.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json({ data: await c.var.services.feedback.tags(c.var.principal) }, 200),
});
