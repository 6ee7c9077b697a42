import {
  FeedbackErasureInputSchema,
  FeedbackResourceSchema,
  FeedbackUpdateInputSchema,
  ONE_ASSIGNEE_FILTER,
  oneAssigneeFilter,
  SCORE_BOUNDS_IN_ORDER,
  scoreBoundsInOrder,
  TagFilterSchema,
} from '@hearback/inputs';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES, MAX_TAGS_PER_ITEM } from '@hearback/spec';
import { z } from '@hono/zod-openapi';
import {
  dateQuery,
  documentable,
  fromBoundDescription,
  idOf,
  OrgParams,
  PageQuery,
  pageOf,
  queryInteger,
  Timestamp,
  toBoundDescription,
} from '../shared.schemas.js';

export const FeedbackParams = OrgParams.extend({
  id: z.string().openapi({ param: { name: 'id', in: 'path' }, example: 'fb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});

// The resource itself is @hearback/inputs': feedback events carry the same schema (event-registry.ts).
export const FeedbackSchema = FeedbackResourceSchema;

// `FeedbackList`, not `FeedbackPage` as other lists are named: a feedback page is a form.
export const FeedbackListSchema = pageOf(FeedbackSchema, 'FeedbackList');

/** What the list's filters of other types than text mean, for the query and for a saved view's JSON alike. */
export const TYPED_FILTER_DESCRIPTIONS = {
  scoreMin: 'Lowest score to include.',
  scoreMax: 'Highest score to include.',
  unassigned: '`true`: only items assigned to nobody. Not with `assigneeId`.',
  tag: `Only items carrying this tag, normalized as tags are (\`Billing\` finds \`billing\`). Repeat it for items carrying every one given (\`?tag=billing&tag=bug\`), at most ${MAX_TAGS_PER_ITEM}.`,
};

/** `unassigned=true` in a query string; `false` (or nothing) filters nothing. (A saved view's JSON takes a boolean: views.schemas.ts.) */
const unassignedFilter = z
  .preprocess((value) => (value === 'true' ? true : value === 'false' ? false : value), z.boolean().optional())
  .openapi({
    param: { name: 'unassigned', in: 'query' },
    description: TYPED_FILTER_DESCRIPTIONS.unassigned,
  });

/**
 * `tag=a&tag=b` in a query string (one `tag` arrives as text, several as a list) and a saved view's
 * JSON list alike: the tags, each normalized and checked as a PATCH's tags are.
 */
const tagFilter = z
  .preprocess((value) => (typeof value === 'string' ? [value] : value), documentable(TagFilterSchema).optional())
  .openapi({
    param: { name: 'tag', in: 'query', style: 'form', explode: true },
    description: TYPED_FILTER_DESCRIPTIONS.tag,
    example: ['billing'],
  });

const FeedbackListFields = PageQuery.extend({
  type: z
    .enum(FEEDBACK_TYPES)
    .optional()
    .openapi({ param: { name: 'type', in: 'query' } }),
  scoreMin: queryInteger('scoreMin', { description: TYPED_FILTER_DESCRIPTIONS.scoreMin }),
  scoreMax: queryInteger('scoreMax', { description: TYPED_FILTER_DESCRIPTIONS.scoreMax }),
  from: dateQuery('from', fromBoundDescription('Created')),
  to: dateQuery('to', toBoundDescription('Created')),
  inboxId: idOf('inbox', 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s')
    .optional()
    .openapi({
      param: { name: 'inboxId', in: 'query' },
      description:
        'Only items of this inbox: its id (`inb_…`), not its `inboxKey`. An id of no inbox of the organization matches nothing.',
    }),
  brandId: idOf('brand', 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s')
    .optional()
    .openapi({
      param: { name: 'brandId', in: 'query' },
      description: "Only items of this brand's inboxes. With a brand-scoped key, another brand's id matches nothing.",
    }),
  source: z
    .string()
    .optional()
    .openapi({ param: { name: 'source', in: 'query' }, example: 'widget' }),
  status: z
    .enum(FEEDBACK_STATUSES)
    .optional()
    .openapi({ param: { name: 'status', in: 'query' } }),
  q: z
    .string()
    .max(200)
    .optional()
    .openapi({
      param: { name: 'q', in: 'query' },
      description: 'Case-insensitive substring of the comment (plain text match, not semantic search).',
      example: 'dark mode',
    }),
  assigneeId: idOf('user', 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s')
    .optional()
    .openapi({ param: { name: 'assigneeId', in: 'query' }, description: 'Only items assigned to this member.' }),
  unassigned: unassignedFilter,
  tag: tagFilter,
});

export const FeedbackListQuery = FeedbackListFields.refine(oneAssigneeFilter, ONE_ASSIGNEE_FILTER).refine(
  scoreBoundsInOrder,
  SCORE_BOUNDS_IN_ORDER,
);

/** The list's filters without paging: the figures cover every matching item. Derive by `.extend` or `.safeExtend` (they keep the rule). */
export const FeedbackStatsQuery = FeedbackListFields.omit({ limit: true, cursor: true })
  .refine(oneAssigneeFilter, ONE_ASSIGNEE_FILTER)
  .refine(scoreBoundsInOrder, SCORE_BOUNDS_IN_ORDER);

const Count = z.number().int().min(0);

export const FeedbackStatsSchema = z
  .object({
    range: z.object({ from: Timestamp.nullable(), to: Timestamp.nullable() }).openapi({
      description:
        "The instants covered, `to` excluded (`null`: unbounded on that side): a date asked for is read as its day in the organization's time zone.",
    }),
    total: Count.openapi({ description: 'Feedback items matching the filters.' }),
    byType: z
      .array(
        z.object({
          type: z.enum(FEEDBACK_TYPES),
          count: Count,
          averageScore: z.number().nullable().openapi({ description: 'Mean score (2 decimals); null for text.' }),
        }),
      )
      .openapi({ description: 'Types present, most frequent first.' }),
    bySource: z
      .array(z.object({ source: z.string().nullable(), count: Count }))
      .openapi({ description: 'The 50 most frequent `context.source` values; null for items without one.' }),
    byInbox: z
      .array(z.object({ inboxId: z.string(), inboxName: z.string().nullable(), count: Count }))
      .openapi({ description: 'Inboxes with matching items, most frequent first.' }),
    byStatus: z.array(z.object({ status: z.enum(FEEDBACK_STATUSES), count: Count })),
    nps: z
      .object({
        score: z.number().min(-100).max(100).nullable(),
        responses: Count,
        promoters: Count,
        passives: Count,
        detractors: Count,
      })
      .openapi({
        description:
          'Net Promoter Score over `nps` items: % promoters (9–10) minus % detractors (0–6), from −100 to 100 (1 decimal); null without responses.',
      }),
    csat: z.object({ score: z.number().min(0).max(100).nullable(), responses: Count, satisfied: Count }).openapi({
      description: 'CSAT over `csat` items: % of scores 4–5, from 0 to 100 (1 decimal); null without responses.',
    }),
  })
  .openapi('FeedbackStats');

export const FeedbackUpdateSchema = documentable(FeedbackUpdateInputSchema)
  // Its refinement, for the document (an `anyOf` of `required` would say it exactly, but
  // openapi-typescript turns that into `unknown` for the client's types).
  .openapi('FeedbackUpdate', {
    minProperties: 1,
    description: 'Send at least one of `status`, `issueLink`, `assigneeId` or `tags`.',
  });

export const FeedbackDeletionSchema = z
  .object({
    id: z.string().openapi({ example: 'fb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    deleted: z.literal(true),
    notesDeleted: z.number().int().min(0).openapi({ description: 'Notes on the item, deleted with it.', example: 2 }),
  })
  .openapi('FeedbackDeletion');

export const FeedbackErasureSchema = documentable(FeedbackErasureInputSchema).openapi('FeedbackErasureInput');

export const FeedbackErasureResultSchema = z
  .object({
    deleted: z
      .number()
      .int()
      .min(0)
      .openapi({ description: 'Feedback items deleted (with their notes); 0 when none matched.', example: 3 }),
  })
  .openapi('FeedbackErasure');
