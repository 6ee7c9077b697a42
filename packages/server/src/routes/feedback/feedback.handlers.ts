import type { AppRouteHandler } from '../../http/app-env.js';
import type { getFeedback, getFeedbackStats, listFeedback, updateFeedback } from './feedback.routes.js';

const toIso = (value: string | undefined) => (value === undefined ? undefined : new Date(value).toISOString());

export const listFeedbackHandler: AppRouteHandler<typeof listFeedback> = async (c) => {
  const { limit, cursor, from, to, ...filters } = c.req.valid('query');
  const page = await c.var.services.feedback.list(
    c.var.principal,
    { ...filters, from: toIso(from), to: toIso(to) },
    { limit, cursor },
  );
  return c.json(page, 200);
};

export const getFeedbackHandler: AppRouteHandler<typeof getFeedback> = async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await c.var.services.feedback.get(c.var.principal, id), 200);
};

export const updateFeedbackHandler: AppRouteHandler<typeof updateFeedback> = async (c) => {
  const { id } = c.req.valid('param');
  return c.json(await c.var.services.feedback.update(c.var.principal, id, c.req.valid('json')), 200);
};

export const getFeedbackStatsHandler: AppRouteHandler<typeof getFeedbackStats> = async (c) => {
  const { from, to, ...filters } = c.req.valid('query');
  return c.json(
    await c.var.services.feedback.stats(c.var.principal, { ...filters, from: toIso(from), to: toIso(to) }),
    200,
  );
};
