import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonContent, OrgParams } from '../shared.schemas.js';
import {
  FeedbackThemesQuery,
  FeedbackThemesSchema,
  ThemeFeedbackPageSchema,
  ThemeFeedbackParams,
  ThemeFeedbackQuery,
} from './feedback-themes.schemas.js';

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
    const query = { from, to, limit, filters };
    return c.json(await c.var.services.feedbackThemes.themes(c.var.principal, query), 200);
  },
});

export const listThemeFeedback = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/feedback/themes/{themeId}/feedback',
    tags: ['Feedback'],
    operationId: 'listThemeFeedback',
    summary: "A theme's items: every item of the period the theme holds, newest first",
    description:
      "Finds the period's themes as `GET …/feedback/themes` does (same period, same filters) and answers a page of the items of the one named, with its label and size. Themes are not stored: when the period's feedback has changed enough that no theme has this id any more, 404 `theme_not_found`; list the themes again. Requires the `read` scope; brand-scoped keys see their brand only.",
    request: { params: ThemeFeedbackParams, query: ThemeFeedbackQuery },
    responses: {
      200: jsonContent(ThemeFeedbackPageSchema, "A page of the theme's items."),
      ...AUTHENTICATED_ERRORS,
      404: errorResponse(
        'The organization is not yours (`not_found`), or the period has no theme with this id (`theme_not_found`).',
      ),
      503: errorResponse('Semantic search is disabled on this server (`search_unavailable`): themes need its vectors.'),
    },
  },
  handler: async (c) => {
    const { from, to, limit, cursor, ...filters } = c.req.valid('query');
    const query = { from, to, filters };
    const { themeId } = c.req.valid('param');
    return c.json(
      await c.var.services.feedbackThemes.feedback(c.var.principal, themeId, query, { limit, cursor }),
      200,
    );
  },
});
