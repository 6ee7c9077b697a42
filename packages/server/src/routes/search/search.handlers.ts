import type { AppRouteHandler } from '../../http/app-env.js';
import type { searchFeedback, similarFeedback } from './search.routes.js';

const toIso = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());

export const searchFeedbackHandler: AppRouteHandler<typeof searchFeedback> = async (c) => {
  const { query, limit, filters, mode } = c.req.valid('json');
  const { from, to, ...rest } = filters ?? {};
  const results = await c.var.services.search.search(c.var.principal, {
    query,
    limit,
    mode,
    filters: { ...rest, from: toIso(from), to: toIso(to) },
  });
  return c.json(results, 200);
};

export const similarFeedbackHandler: AppRouteHandler<typeof similarFeedback> = async (c) => {
  const { id } = c.req.valid('param');
  const { limit } = c.req.valid('query');
  return c.json(await c.var.services.search.similar(c.var.principal, id, limit), 200);
};
