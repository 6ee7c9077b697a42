import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, instantOf, jsonContent, OrgParams } from '../shared.schemas.js';
import { FeedbackThemesQuery, FeedbackThemesSchema } from './feedback-themes.schemas.js';

export const getFeedbackThemes = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/feedback/themes',
    tags: ['Feedback'],
    operationId: 'getFeedbackThemes',
    summary: 'Feedback themes: the recurring topics of a period, with their change against the period before',
    description:
      'Clusters the comments of the period by meaning (their embeddings, as semantic search uses), labels each cluster by the words distinctive of it, and counts how many items of the previous period (as long, just before `from`) each would have held. Each theme shows its most central items. One-off comments stay out (`unclustered`); items not embedded yet are counted in `unindexed`. The list filters apply. Not counted as a search. Requires the `read` scope; brand-scoped keys see their brand only.',
    request: { params: OrgParams, query: FeedbackThemesQuery },
    responses: {
      200: jsonContent(FeedbackThemesSchema, 'The themes, largest first.'),
      ...AUTHENTICATED_ERRORS,
      503: errorResponse('Semantic search is disabled on this server (`search_unavailable`): themes need its vectors.'),
    },
  },
  handler: async (c) => {
    const { from, to, limit, ...filters } = c.req.valid('query');
    const query = { from: instantOf(from), to: instantOf(to), limit, filters };
    return c.json(await c.var.services.feedbackThemes.themes(c.var.principal, query), 200);
  },
});
