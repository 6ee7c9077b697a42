import { MAX_TAGS_PER_ITEM } from '@hearback/spec';
import { z } from '@hono/zod-openapi';
import {
  DEFAULT_SEARCH_LIMIT,
  MAX_SEARCH_LIMIT,
  SearchFiltersInputSchema,
  SearchInputSchema,
} from '../../domain/search-input.js';
import { FeedbackSchema } from '../feedback/feedback.schemas.js';
import { documentable, fromBoundDescription, queryInteger, toBoundDescription } from '../shared.schemas.js';

const filters = SearchFiltersInputSchema.shape;
const DateOrDateTime = documentable(filters.from.unwrap()).openapi({ example: '2026-11-01' });

/** The list endpoint's filters, as a JSON object. */
export const SearchFiltersSchema = SearchFiltersInputSchema.safeExtend({
  scoreMin: documentable(filters.scoreMin).openapi({ description: 'Lowest score to include.' }),
  scoreMax: documentable(filters.scoreMax).openapi({ description: 'Highest score to include.' }),
  from: DateOrDateTime.optional().openapi({ description: fromBoundDescription('Created') }),
  to: DateOrDateTime.optional().openapi({ description: toBoundDescription('Created') }),
  brandId: documentable(filters.brandId).openapi({
    description: "Only items of this brand's inboxes. With a brand-scoped key, another brand's id matches nothing.",
    example: 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s',
  }),
  q: documentable(filters.q).openapi({ description: 'Case-insensitive substring the comment must contain.' }),
  assigneeId: documentable(filters.assigneeId).openapi({
    description: 'Only items assigned to this member (a user id).',
    example: 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s',
  }),
  unassigned: documentable(filters.unassigned).openapi({
    description: '`true`: only items assigned to nobody. Not with `assigneeId`.',
  }),
  tag: documentable(filters.tag).openapi({
    description: `Only items carrying every one of these tags, each normalized as tags are (\`Billing\` finds \`billing\`); at most ${MAX_TAGS_PER_ITEM}.`,
    example: ['billing', 'bug'],
  }),
}).openapi('SearchFilters');

const search = SearchInputSchema.shape;

/** The domain's search rules, with the document's examples and descriptions. */
export const SearchRequestSchema = SearchInputSchema.extend({
  query: documentable(search.query).openapi({
    description: 'Natural-language question or words to find.',
    example: 'app freezes when I attach a picture',
  }),
  limit: documentable(search.limit).openapi({
    description: `Results to return (1–${MAX_SEARCH_LIMIT}, default ${DEFAULT_SEARCH_LIMIT}).`,
  }),
  filters: SearchFiltersSchema.optional(),
  mode: documentable(search.mode).openapi({
    description:
      'How to rank. `hybrid` (default): meaning and words fused, finds paraphrases and exact codes alike. `semantic`: meaning alone (503 `search_unavailable` when the server runs without semantic search). `keyword`: the words alone (full text), for exact-text search; always available.',
    example: 'hybrid',
  }),
}).openapi('SearchRequest');

export const SearchHitSchema = z
  .object({
    feedback: FeedbackSchema,
    score: z.number().min(0).max(1).openapi({
      description:
        'Relevance from 0 to 1. Search: reciprocal rank fusion of the rankings of the mode, meaning and full text for `hybrid` (1: first in each); in `hybrid`, an item not indexed by meaning yet (see `unindexed`) is ranked by its words alone, as `keyword` ranks it, and scores at most 0.5. Similar: cosine similarity, floored at 0.',
    }),
    similarity: z
      .number()
      .min(-1)
      .max(1)
      .nullable()
      .openapi({ description: 'Cosine similarity of the comment to the query; null when only its words matched.' }),
  })
  .openapi('SearchHit');

export const SearchResultsSchema = z
  .object({
    data: z.array(SearchHitSchema).openapi({ description: 'Most relevant first.' }),
    unindexed: z.number().int().min(0).nullable().openapi({
      description:
        'Items in your scope (the organization, or the brand of a brand-scoped key) with a comment not yet indexed by meaning with the current model: just collected, or waiting for a reindex after a model change. Until they are, search finds them by their words alone, so the same search may rank better later; 0 once all are indexed. Counted at most every few seconds per scope: items indexed by the server that answers show at once, items collected or indexed elsewhere (another server process, a worker) within seconds; never fewer than the unindexed items this search itself found. Null where meaning plays no part (`keyword` mode, or a server without semantic search).',
      example: 0,
    }),
  })
  .openapi('SearchResults');

export const SimilarQuery = z.object({
  limit: queryInteger('limit', {
    min: 1,
    max: MAX_SEARCH_LIMIT,
    description: `Results to return (1–${MAX_SEARCH_LIMIT}, default ${DEFAULT_SEARCH_LIMIT}).`,
  }),
});
