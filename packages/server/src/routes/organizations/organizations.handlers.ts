import type { AppRouteHandler } from '../../http/app-env.js';
import type { getOrganization, updateOrganization } from './organizations.routes.js';

export const getOrganizationHandler: AppRouteHandler<typeof getOrganization> = async (c) =>
  c.json(await c.var.services.organizations.get(c.var.principal, c.req.valid('param').orgId), 200);

export const updateOrganizationHandler: AppRouteHandler<typeof updateOrganization> = async (c) => {
  const { orgId } = c.req.valid('param');
  return c.json(await c.var.services.organizations.rename(c.var.principal, orgId, c.req.valid('json').name), 200);
};
