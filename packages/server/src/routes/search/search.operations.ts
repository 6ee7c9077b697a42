import { FeedbackParams } from '../feedback/feedback.schemas.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonBody, jsonContent, OrgParams } from '../shared.schemas.js';
import { SearchRequestSchema, SearchResultsSchema, SimilarQuery } from './search.schemas.js';

export const searchFeedback = defineOperation({
  scope: 'read',
  route: {
    method: 'post',
    path: '/organizations/{orgId}/search',
    tags: ['Search'],
    operationId: 'searchFeedback',
    summary: 'Search feedback by meaning and words',
    description:
      'Hybrid ranking by default: semantic similarity of the comments to the query (finds paraphrases) fused with full-text matches (finds exact words and codes); `mode` picks either ranking alone. Takes the list filters. Each call counts against the monthly search allowance of the plan. Requires the `read` scope; brand-scoped keys see their brand only.',
    request: { params: OrgParams, body: jsonBody(SearchRequestSchema) },
    responses: {
      200: jsonContent(SearchResultsSchema, 'Matching feedback, most relevant first.'),
      ...AUTHENTICATED_ERRORS,
      429: errorResponse('The monthly search allowance of the plan is spent (`search_limit_reached`).'),
      503: errorResponse(
        '`semantic` mode on a server without semantic search, or `semantic` and `hybrid` while its embedding model fails (`search_unavailable`; try again).',
      ),
    },
  },
  handler: async (c) => {
    const { query, limit, filters, mode } = c.req.valid('json');
    const results = await c.var.services.search.search(c.var.principal, { query, limit, mode, filters });
    return c.json(results, 200);
  },
});

export const similarFeedback = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/feedback/{id}/similar',
    tags: ['Search'],
    operationId: 'similarFeedback',
    summary: 'Find feedback similar to one item (likely duplicates)',
    description:
      'The nearest other feedback by meaning of the comment; empty for items without a comment. Not counted as a search. Requires the `read` scope; brand-scoped keys see their brand only.',
    request: { params: FeedbackParams, query: SimilarQuery },
    responses: {
      200: jsonContent(SearchResultsSchema, 'Similar feedback, most similar first.'),
      ...AUTHENTICATED_ERRORS,
      503: errorResponse(
        'Semantic search is disabled on this server, or its embedding model fails just now (`search_unavailable`; try again).',
      ),
    },
  },
  handler: async (c) => {
    const { id } = c.req.valid('param');
    const { limit } = c.req.valid('query');
    return c.json(await c.var.services.search.similar(c.var.principal, id, limit), 200);
  },
});
