import { z } from '@hono/zod-openapi';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonBody, jsonContent, OrgParams, PageQuery } from '../shared.schemas.js';
import { ViewDeletionSchema, ViewInputSchema, ViewPageSchema, ViewSchema, ViewUpdateSchema } from './views.schemas.js';

const ViewParams = OrgParams.extend({
  viewId: z.string().openapi({ param: { name: 'viewId', in: 'path' }, example: 'view_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
const tags = ['Views'];
const NAME_TAKEN = { 409: errorResponse('The organization has a view of that name (`conflict`).') };

export const listViews = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/views',
    tags,
    operationId: 'listViews',
    summary: 'List saved views',
    description: "Oldest first. A brand-scoped key sees its brand's views only.",
    request: { params: OrgParams, query: PageQuery },
    responses: { 200: jsonContent(ViewPageSchema, 'A page of views.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.savedViews.list(c.var.principal, c.req.valid('query')), 200),
});

export const createView = defineOperation({
  scope: ['write', 'triage'],
  route: {
    method: 'post',
    path: '/organizations/{orgId}/views',
    tags,
    operationId: 'createView',
    summary: 'Save a view: a named set of feedback filters',
    description:
      'Apply a view by passing its `filters` as the query of `GET /organizations/{orgId}/feedback`. Names are unique in the organization.',
    request: { params: OrgParams, body: jsonBody(ViewInputSchema) },
    responses: { 201: jsonContent(ViewSchema, 'The saved view.'), ...AUTHENTICATED_ERRORS, ...NAME_TAKEN },
  },
  handler: async (c) => c.json(await c.var.services.savedViews.create(c.var.principal, c.req.valid('json')), 201),
});

export const getView = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/views/{viewId}',
    tags,
    operationId: 'getView',
    summary: 'Get a saved view',
    request: { params: ViewParams },
    responses: { 200: jsonContent(ViewSchema, 'The view.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.savedViews.get(c.var.principal, c.req.valid('param').viewId), 200),
});

export const updateView = defineOperation({
  scope: ['write', 'triage'],
  route: {
    method: 'patch',
    path: '/organizations/{orgId}/views/{viewId}',
    tags,
    operationId: 'updateView',
    summary: 'Rename a saved view or replace its filters',
    request: { params: ViewParams, body: jsonBody(ViewUpdateSchema) },
    responses: { 200: jsonContent(ViewSchema, 'The updated view.'), ...AUTHENTICATED_ERRORS, ...NAME_TAKEN },
  },
  handler: async (c) =>
    c.json(
      await c.var.services.savedViews.update(c.var.principal, c.req.valid('param').viewId, c.req.valid('json')),
      200,
    ),
});

export const deleteView = defineOperation({
  scope: ['write', 'triage'],
  route: {
    method: 'delete',
    path: '/organizations/{orgId}/views/{viewId}',
    tags,
    operationId: 'deleteView',
    summary: 'Delete a saved view',
    request: { params: ViewParams },
    responses: { 200: jsonContent(ViewDeletionSchema, 'Deleted.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(await c.var.services.savedViews.delete(c.var.principal, c.req.valid('param').viewId), 200),
});
