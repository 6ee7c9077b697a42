import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonBody, jsonContent, OrgParams } from '../shared.schemas.js';
import { OrganizationSchema, OrganizationUpdateSchema } from './organizations.schemas.js';

const tags = ['Organizations'];

export const getOrganization = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}',
    tags,
    operationId: 'getOrganization',
    summary: 'Get the organization, its plan and this month’s usage',
    request: { params: OrgParams },
    responses: { 200: jsonContent(OrganizationSchema, 'The organization.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(await c.var.services.organizations.get(c.var.principal, c.req.valid('param').orgId), 200),
});

export const updateOrganization = defineOperation({
  scope: 'write',
  organizationWide: 'change the organization',
  route: {
    method: 'patch',
    path: '/organizations/{orgId}',
    tags,
    operationId: 'updateOrganization',
    summary: 'Rename the organization, change its slug or its time zone',
    description:
      'The slug names the organization in the public URLs of its feedback pages (`/f/{orgSlug}/{pageSlug}`): changing it moves them, and links shared before stop working. The time zone is where trends begin their days, weeks and months.',
    request: { params: OrgParams, body: jsonBody(OrganizationUpdateSchema) },
    responses: {
      200: jsonContent(OrganizationSchema, 'The updated organization.'),
      409: errorResponse('Another organization uses this slug (`slug_taken`).'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => {
    const { orgId } = c.req.valid('param');
    return c.json(await c.var.services.organizations.update(c.var.principal, orgId, c.req.valid('json')), 200);
  },
});
