import { counted, SEARCH_MODES } from '@hearback/spec';
import { z } from 'zod';
import { UNTRUSTED_NOTICE } from '../untrusted.js';
import { defineTool } from './define.js';
import { renderFeedback } from './render.js';
import { FeedbackOutput, Notice, StatsFilterInput, toFeedbackOutput } from './schemas.js';

/** Offered only by backends that can search (`HearbackBackend.searchFeedback`). */
export const searchFeedback = defineTool({
  name: 'search_feedback',
  title: 'Search feedback by meaning',
  description:
    'Find feedback by meaning, not exact words: e.g. "users confused by pricing" also finds "the plans page makes no sense". Exact words and codes match too. Returns the closest items with a relevance score from 0 to 1, optionally within a date range, inbox, source, type or status. Counts against the plan\'s monthly search queries.',
  operationId: 'searchFeedback',
  annotations: { readOnlyHint: true, openWorldHint: false },
  isAvailable: (backend) => typeof backend.searchFeedback === 'function',
  inputSchema: z.strictObject({
    query: z.string().min(1).max(500).describe('What to look for, in natural language.'),
    limit: z.number().int().min(1).max(50).default(10).describe('How many results (1–50, default 10).'),
    mode: z
      .enum(SEARCH_MODES)
      .optional()
      .describe(
        'hybrid (default): meaning and words together. semantic: meaning only. keyword: exact words only, e.g. an error code or a product name.',
      ),
    ...StatsFilterInput,
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
