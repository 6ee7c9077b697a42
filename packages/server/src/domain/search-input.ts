import { MAX_SEARCH_LIMIT, SearchFiltersInputSchema } from '@hearback/inputs';
import { SEARCH_MODES } from '@hearback/spec';
import { z } from 'zod';
import { writeInput } from './write-input.js';

// The filters and the limits are @hearback/inputs', which the MCP `search_feedback` tool reads too.
export { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, SearchFiltersInputSchema } from '@hearback/inputs';

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
