import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@hearback/spec';
import { z } from 'zod';
import { ONE_ASSIGNEE_FILTER, oneAssigneeFilter } from './assignee-filter.js';
import { DateBoundSchema } from './date-bound.js';
import { idSchema } from './ids.js';
import { SCORE_BOUNDS_IN_ORDER, scoreBoundsInOrder } from './score-bounds.js';
import { TagFilterSchema } from './tags-input.js';
import { writeInput } from './write-input.js';

/** Results a search returns unless asked for another number. */
export const DEFAULT_SEARCH_LIMIT = 10;
/** The most results one search returns. */
export const MAX_SEARCH_LIMIT = 50;

/**
 * The filters a search takes (the feedback list's, as a JSON object): `POST /search`'s `filters`
 * and the MCP `search_feedback` tool's own fields, both made from this one schema, so a filter the
 * API takes is one an agent can give.
 *
 * @example
 * SearchFiltersInputSchema.parse({ type: 'nps', unassigned: true, tag: ['Billing'] }); // tag: ['billing']
 */
export const SearchFiltersInputSchema = writeInput({
  type: z.enum(FEEDBACK_TYPES).optional(),
  scoreMin: z.number().int().optional(),
  scoreMax: z.number().int().optional(),
  from: DateBoundSchema.optional(),
  to: DateBoundSchema.optional(),
  inboxId: idSchema('inbox').optional(),
  brandId: idSchema('brand').optional(),
  source: z.string().optional(),
  status: z.enum(FEEDBACK_STATUSES).optional(),
  q: z.string().max(200).optional(),
  assigneeId: idSchema('user').optional(),
  // `false` filters nothing, as in the list.
  unassigned: z.boolean().optional(),
  // A JSON list, as a saved view keeps it: the items carrying every tag given.
  tag: TagFilterSchema.optional(),
})
  .refine(oneAssigneeFilter, ONE_ASSIGNEE_FILTER)
  .refine(scoreBoundsInOrder, SCORE_BOUNDS_IN_ORDER);

export type SearchFiltersInput = z.infer<typeof SearchFiltersInputSchema>;
