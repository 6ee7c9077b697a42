import {
  ONE_ASSIGNEE_FILTER,
  oneAssigneeFilter,
  SCORE_BOUNDS_IN_ORDER,
  SearchFiltersInputSchema,
  scoreBoundsInOrder,
  ViewNameSchema,
} from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { acrossMembers, writeInput } from '../../domain/write-input.js';
import { FeedbackStatsQuery, TYPED_FILTER_DESCRIPTIONS } from '../feedback/feedback.schemas.js';
import { documentable, pageOf, Timestamp } from '../shared.schemas.js';

const query = FeedbackStatsQuery.shape;
const json = SearchFiltersInputSchema.shape;

/**
 * A view's filters: the feedback list's own filters (its query without paging), so a filter added
 * to the list is one a view can keep. Strict, as every write body: a misspelt filter is a 400, not
 * a view that silently matches everything. The filters whose JSON type is not a string take that
 * type, as search's JSON filters do: a query string spells every value as text (`scoreMin=3`), a
 * JSON body does not, so `"scoreMin": "3"` is refused naming the field rather than read as 3.
 */
export const ViewFiltersSchema = writeInput({
  ...query,
  scoreMin: documentable(json.scoreMin).openapi({ description: TYPED_FILTER_DESCRIPTIONS.scoreMin }),
  scoreMax: documentable(json.scoreMax).openapi({ description: TYPED_FILTER_DESCRIPTIONS.scoreMax }),
  unassigned: documentable(json.unassigned).openapi({ description: TYPED_FILTER_DESCRIPTIONS.unassigned }),
})
  .refine(oneAssigneeFilter, ONE_ASSIGNEE_FILTER)
  .refine(scoreBoundsInOrder, SCORE_BOUNDS_IN_ORDER)
  .openapi('FeedbackFilters', {
    description:
      'Filters of `GET /organizations/{orgId}/feedback`, by name, as its query parameters take them, in JSON types: scores as integers, `unassigned` as a boolean (`"3"` or `"true"` is refused), `tag` as a list of tags.',
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
