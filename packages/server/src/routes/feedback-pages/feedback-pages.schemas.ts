import { PAGE_STATES } from '@hearback/forms';
import { PageResponseErasureInputSchema } from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { PageInputSchema, PageResponseInputSchema, PageUpdateInputSchema } from '../../domain/feedback-page-input.js';
import {
  FeedbackPageResourceSchema,
  FeedbackPageSummaryResourceSchema,
  PageResponseResourceSchema,
} from '../../domain/feedback-page-resource.js';
import {
  dateQuery,
  documentable,
  fromBoundDescription,
  OrgParams,
  PageQuery,
  pageOf,
  toBoundDescription,
} from '../shared.schemas.js';

export const FeedbackPageParams = OrgParams.extend({
  pageId: z.string().openapi({ param: { name: 'pageId', in: 'path' }, example: 'page_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});

export const PageResponseParams = FeedbackPageParams.extend({
  responseId: z
    .string()
    .openapi({ param: { name: 'responseId', in: 'path' }, example: 'resp_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});

// The resources are the domain's: `page_response.created` carries the same schema.
export const FeedbackPageSchema = FeedbackPageResourceSchema;
export const PageResponseSchema = PageResponseResourceSchema;

export const FeedbackPageListSchema = pageOf(FeedbackPageSummaryResourceSchema, 'FeedbackPageList');
export const PageResponseListSchema = pageOf(PageResponseSchema, 'PageResponseList');

export const FeedbackPageListQuery = PageQuery.extend({
  state: z
    .enum(PAGE_STATES)
    .optional()
    .openapi({ param: { name: 'state', in: 'query' }, description: 'Only pages in this state.' }),
});

/**
 * When responses were submitted, for listing and export, read as every range is (`readDateBounds`).
 * (Analytics take whole days of the organization's time zone: `PageAnalyticsQuery`.)
 */
export const SubmittedRangeQuery = {
  from: dateQuery('from', fromBoundDescription('Submitted')),
  to: dateQuery('to', toBoundDescription('Submitted')),
};

export const PageResponseListQuery = PageQuery.extend(SubmittedRangeQuery);

export const FeedbackPageInputDocument = documentable(PageInputSchema).openapi('FeedbackPageInput', {
  description: 'A new page, created as a draft. `questions` may be empty until it is published.',
});

export const FeedbackPageUpdateDocument = documentable(PageUpdateInputSchema).openapi('FeedbackPageUpdate', {
  minProperties: 1,
  description:
    'Members given replace the stored ones; `settings` member by member, `questions` as a whole list (keep each question’s `id` to keep its answers together). On a published or closed page, changed questions make a new `version`.',
});

export const PageResponseInputDocument = documentable(PageResponseInputSchema).openapi('PageResponseInput');

export const FeedbackPageDeletionSchema = z
  .object({ id: z.string(), deleted: z.literal(true) })
  .openapi('FeedbackPageDeletion');

export const PageResponseDeletionSchema = z
  .object({ id: z.string().openapi({ example: 'resp_01jd3x2k9v6c4h8m2n5p7q1r3s' }), deleted: z.literal(true) })
  .openapi('PageResponseDeletion');

export const PageResponseErasureSchema = documentable(PageResponseErasureInputSchema).openapi(
  'PageResponseErasureInput',
  {
    minProperties: 1,
    maxProperties: 1,
    description: 'Send exactly one of `context` or `contact`.',
  },
);

export const PageResponseErasureResultSchema = z
  .object({
    deleted: z
      .number()
      .int()
      .min(0)
      .openapi({ description: 'Responses deleted, of every page; 0 when none matched.', example: 2 }),
  })
  .openapi('PageResponseErasure');
