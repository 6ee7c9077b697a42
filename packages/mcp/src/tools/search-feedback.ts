import { DEFAULT_SEARCH_LIMIT, MAX_SEARCH_LIMIT, SearchFiltersInputSchema } from '@hearback/inputs';
import { counted, SEARCH_MODES } from '@hearback/spec';
import { z } from 'zod';
import { UNTRUSTED_NOTICE } from '../untrusted.js';
import { defineTool } from './define.js';
import { renderFeedback } from './render.js';
import { FeedbackOutput, Notice, StatsFilterInput, toFeedbackOutput } from './schemas.js';

type SearchFilterShape = typeof SearchFiltersInputSchema.shape;

/**
 * What each filter of `POST /search` means to an agent. Typed over the API's own filter schema, so
 * a filter added there does not compile here until it is described, and the tool offers it.
 */
const FILTER_DESCRIPTIONS: Record<keyof SearchFilterShape, string> = {
  from: StatsFilterInput.from.description ?? '',
  to: StatsFilterInput.to.description ?? '',
  inboxId: StatsFilterInput.inboxId.description ?? '',
  brandId: StatsFilterInput.brandId.description ?? '',
  source: StatsFilterInput.source.description ?? '',
  type: StatsFilterInput.type.description ?? '',
  status: StatsFilterInput.status.description ?? '',
  scoreMin: 'Lowest score to include.',
  scoreMax: 'Highest score to include.',
  q: 'Only items whose comment contains this text (any case), on top of the search.',
  assigneeId: 'Only items assigned to this member (a user id, usr_…).',
  unassigned: 'true: only items assigned to nobody. Not with assigneeId.',
  tag: 'Only items carrying every one of these tags (any case: tags are lower-cased).',
};

/** The search filters as the tool's own fields: the API's schema for each, with its description. */
const SearchFilterInput = Object.fromEntries(
  Object.entries(SearchFiltersInputSchema.shape).map(([name, schema]) => [
    name,
    schema.describe(FILTER_DESCRIPTIONS[name as keyof SearchFilterShape]),
  ]),
) as SearchFilterShape;

/** Offered only by backends that can search (`HearbackBackend.searchFeedback`). */
export const searchFeedback = defineTool({
  name: 'search_feedback',
  title: 'Search feedback by meaning',
  description:
    'Find feedback by meaning, not exact words: e.g. "users confused by pricing" also finds "the plans page makes no sense". Exact words and codes match too. Returns the closest items with a relevance score from 0 to 1, optionally within a date range, inbox, brand, source, type, status, score range, assignee (or unassigned) or tags. Counts against the plan\'s monthly search queries.',
  operationId: 'searchFeedback',
  annotations: { readOnlyHint: true, openWorldHint: false },
  isAvailable: (backend) => typeof backend.searchFeedback === 'function',
  inputSchema: z.strictObject({
    query: z.string().min(1).max(500).describe('What to look for, in natural language.'),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_SEARCH_LIMIT)
      .default(DEFAULT_SEARCH_LIMIT)
      .describe(`How many results (1–${MAX_SEARCH_LIMIT}, default ${DEFAULT_SEARCH_LIMIT}).`),
    mode: z
      .enum(SEARCH_MODES)
      .optional()
      .describe(
        'hybrid (default): meaning and words together. semantic: meaning only. keyword: exact words only, e.g. an error code or a product name.',
      ),
    ...SearchFilterInput,
  }),
  outputSchema: z.object({
    notice: Notice,
    results: z.array(
      z.object({
        score: z.number().describe('Relevance from 0 to 1.'),
        similarity: z.number().nullable().describe('Similarity by meaning; null when only the words matched.'),
        feedback: FeedbackOutput,
      }),
    ),
    unindexed: z
      .number()
      .nullable()
      .optional()
      .describe(
        'Items not yet indexed by meaning (just collected, or a reindex running): found by their words only for now, so the same search may find more later. Null where meaning plays no part (keyword mode).',
      ),
  }),
  async run(backend, input) {
    if (!backend.searchFeedback) throw new Error('This backend offers no search.');
    const { query, limit, mode, from, to, ...filters } = input;
    const { results, unindexed } = await backend.searchFeedback({
      query,
      limit,
      ...(mode && { mode }),
      filters: { ...filters, from, to },
    });
    return {
      notice: UNTRUSTED_NOTICE,
      results: results.map((result) => ({
        score: result.score,
        similarity: result.similarity,
        feedback: toFeedbackOutput(result.feedback, true),
      })),
      ...(unindexed !== undefined && { unindexed }),
    };
  },
  render({ results, unindexed }) {
    const pending = !unindexed
      ? ''
      : unindexed === 1
        ? '\n1 item is not indexed by meaning yet, so only its words could match; searching again later may find more.'
        : `\n${unindexed} items are not indexed by meaning yet, so only their words could match; searching again later may find more.`;
    if (results.length === 0) return `No feedback matches the query.${pending}`;
    const body = results
      .map((result, index) =>
        renderFeedback(
          result.feedback,
          `${results.length > 1 ? `${index + 1}. ` : ''}(relevance ${result.score.toFixed(2)}) `,
        ),
      )
      .join('\n\n');
    const header = results.length === 1 ? 'One result.' : `${counted(results.length, 'result')}, closest first.`;
    return `${header}${pending}\n${UNTRUSTED_NOTICE}\n\n${body}`;
  },
});
