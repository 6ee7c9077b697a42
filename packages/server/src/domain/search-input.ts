import { DateBoundSchema, idSchema, SCORE_BOUNDS_IN_ORDER, scoreBoundsInOrder } from '@hearback/inputs';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES, SEARCH_MODES } from '@hearback/spec';
import { z } from 'zod';
import { ONE_ASSIGNEE_FILTER, oneAssigneeFilter } from './assignee-filter.js';
import { writeInput } from './write-input.js';

/** Results a search returns unless asked for another number. */
export const DEFAULT_SEARCH_LIMIT = 10;
/** The most results one search returns. */
export const MAX_SEARCH_LIMIT = 50;

/** The feedback list's filters, as a JSON object. */
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
})
  .refine(oneAssigneeFilter, ONE_ASSIGNEE_FILTER)
  .refine(scoreBoundsInOrder, SCORE_BOUNDS_IN_ORDER);

/**
 * A search and its rules (a query that is not blank, the filters' formats), whichever way it
 * arrives: `POST /search` or the MCP `search_feedback` tool. The route adds the document's examples
 * and descriptions to it.
 */
export const SearchInputSchema = writeInput({
  query: z.string().trim().min(1).max(1000),
  limit: z.number().int().min(1).max(MAX_SEARCH_LIMIT).optional(),
  filters: SearchFiltersInputSchema.optional(),
  mode: z.enum(SEARCH_MODES).optional(),
});
