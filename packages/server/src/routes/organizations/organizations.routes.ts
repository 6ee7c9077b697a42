import { createRoute } from '@hono/zod-openapi';
import { requireKey } from '../../http/auth.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams, SECURITY } from '../shared.schemas.js';
import { OrganizationSchema, OrganizationUpdateSchema } from './organizations.schemas.js';

const base = { tags: ['Organizations'], security: SECURITY };

export const getOrganization = createRoute({
  ...base,
  method: 'get',
  path: '/organizations/{orgId}',
  operationId: 'getOrganization',
  summary: 'Get the organization, its plan and this month’s usage',
  middleware: [requireKey('read')] as const,
  request: { params: OrgParams },
  responses: { 200: jsonContent(OrganizationSchema, 'The organization.'), ...AUTHENTICATED_ERRORS },
});

export const updateOrganization = createRoute({
  ...base,
  method: 'patch',
  path: '/organizations/{orgId}',
  operationId: 'updateOrganization',
  summary: 'Rename the organization',
  middleware: [requireKey('write')] as const,
  request: { params: OrgParams, body: jsonBody(OrganizationUpdateSchema) },
  responses: { 200: jsonContent(OrganizationSchema, 'The updated organization.'), ...AUTHENTICATED_ERRORS },
});
