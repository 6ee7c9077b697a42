import type { AppRouteHandler } from '../../http/app-env.js';
import type { createInbox, deleteInbox, getInbox, listInboxes, updateInbox } from './inboxes.routes.js';

export const listInboxesHandler: AppRouteHandler<typeof listInboxes> = async (c) =>
  c.json(await c.var.services.inboxes.list(c.var.principal, c.req.valid('query')), 200);

export const createInboxHandler: AppRouteHandler<typeof createInbox> = async (c) =>
  c.json(await c.var.services.inboxes.create(c.var.principal, c.req.valid('json')), 201);

export const getInboxHandler: AppRouteHandler<typeof getInbox> = async (c) =>
  c.json(await c.var.services.inboxes.get(c.var.principal, c.req.valid('param').inboxId), 200);

export const updateInboxHandler: AppRouteHandler<typeof updateInbox> = async (c) =>
  c.json(await c.var.services.inboxes.update(c.var.principal, c.req.valid('param').inboxId, c.req.valid('json')), 200);

export const deleteInboxHandler: AppRouteHandler<typeof deleteInbox> = async (c) => {
  await c.var.services.inboxes.delete(c.var.principal, c.req.valid('param').inboxId);
  return c.body(null, 204);
};
