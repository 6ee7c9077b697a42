import {
  ONE_ASSIGNEE_FILTER,
  oneAssigneeFilter,
  SCORE_BOUNDS_IN_ORDER,
  scoreBoundsInOrder,
  ViewNameSchema,
} from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { acrossMembers, writeInput } from '../../domain/write-input.js';
import { FeedbackStatsQuery } from '../feedback/feedback.schemas.js';
import { documentable, pageOf, Timestamp } from '../shared.schemas.js';

/**
 * A view's filters: the feedback list's own filters (its query without paging), so a filter added
 * to the list is one a view can keep. Strict, as every write body: a misspelt filter is a 400, not
 * a view that silently matches everything.
 */
export const ViewFiltersSchema = writeInput(FeedbackStatsQuery.shape)
  .refine(oneAssigneeFilter, ONE_ASSIGNEE_FILTER)
  .refine(scoreBoundsInOrder, SCORE_BOUNDS_IN_ORDER)
  .openapi('FeedbackFilters', {
    description:
      'Filters of `GET /organizations/{orgId}/feedback`, by name, as its query parameters take them (integers as numbers).',
    example: { type: 'nps', scoreMax: 6, status: 'new' },
  });

const ViewName = documentable(ViewNameSchema);

export const ViewSchema = z
  .object({
    id: z.string().openapi({ example: 'view_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    brandId: z
      .string()
      .nullable()
      .openapi({ description: "The brand of the key that made it (a brand-scoped key sees only its brand's views)." }),
    name: z.string(),
    filters: ViewFiltersSchema,
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('View');

export const ViewPageSchema = pageOf(ViewSchema, 'ViewPage');

export const ViewInputSchema = writeInput({ name: ViewName, filters: ViewFiltersSchema }).openapi('ViewInput');

export const ViewUpdateSchema = writeInput({
  name: ViewName.optional(),
  filters: ViewFiltersSchema.optional().openapi({ description: 'The whole new set of filters (replaces the old).' }),
})
  .refine(
    (body) => body.name !== undefined || body.filters !== undefined,
    acrossMembers('Send at least one of name or filters.'),
  )
  .openapi('ViewUpdate', { minProperties: 1, description: 'Send at least one of `name` or `filters`.' });

export const ViewDeletionSchema = z
  .object({ id: z.string().openapi({ example: 'view_01jd3x2k9v6c4h8m2n5p7q1r3s' }), deleted: z.literal(true) })
  .openapi('ViewDeletion');
