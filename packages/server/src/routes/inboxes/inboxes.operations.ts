import { z } from '@hono/zod-openapi';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonBody, jsonContent, OrgParams, PageQuery } from '../shared.schemas.js';
import {
  InboxCreateSchema,
  InboxDeletionSchema,
  InboxPageSchema,
  InboxSchema,
  InboxUpdateSchema,
} from './inboxes.schemas.js';

const InboxParams = OrgParams.extend({
  inboxId: z.string().openapi({ param: { name: 'inboxId', in: 'path' }, example: 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
const tags = ['Inboxes'];

export const listInboxes = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/inboxes',
    tags,
    operationId: 'listInboxes',
    summary: 'List inboxes',
    request: { params: OrgParams, query: PageQuery },
    responses: { 200: jsonContent(InboxPageSchema, 'A page of inboxes.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.inboxes.list(c.var.principal, c.req.valid('query')), 200),
});

export const createInbox = defineOperation({
  scope: 'write',
  route: {
    method: 'post',
    path: '/organizations/{orgId}/inboxes',
    tags,
    operationId: 'createInbox',
    summary: 'Create an inbox',
    description: 'Counts against the plan inbox cap (429 `inbox_limit_reached`).',
    request: { params: OrgParams, body: jsonBody(InboxCreateSchema) },
    responses: {
      201: jsonContent(InboxSchema, 'The created inbox.'),
      ...AUTHENTICATED_ERRORS,
      429: errorResponse('The plan inbox cap is reached (`inbox_limit_reached`).'),
    },
  },
  handler: async (c) => c.json(await c.var.services.inboxes.create(c.var.principal, c.req.valid('json')), 201),
});

export const getInbox = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/inboxes/{inboxId}',
    tags,
    operationId: 'getInbox',
    summary: 'Get an inbox',
    request: { params: InboxParams },
    responses: { 200: jsonContent(InboxSchema, 'The inbox.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.inboxes.get(c.var.principal, c.req.valid('param').inboxId), 200),
});

export const updateInbox = defineOperation({
  scope: 'write',
  route: {
    method: 'patch',
    path: '/organizations/{orgId}/inboxes/{inboxId}',
    tags,
    operationId: 'updateInbox',
    summary: 'Rename an inbox or move it to a brand',
    request: { params: InboxParams, body: jsonBody(InboxUpdateSchema) },
    responses: { 200: jsonContent(InboxSchema, 'The updated inbox.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(
      await c.var.services.inboxes.update(c.var.principal, c.req.valid('param').inboxId, c.req.valid('json')),
      200,
    ),
});

export const deleteInbox = defineOperation({
  scope: 'write',
  route: {
    method: 'delete',
    path: '/organizations/{orgId}/inboxes/{inboxId}',
    tags,
    operationId: 'deleteInbox',
    summary: 'Delete an inbox and its feedback',
    description:
      'Deletes the inbox and every feedback item collected into it, with their notes; the answer says how many items went. Its inbox key stops collecting at once. Cannot be undone.',
    request: { params: InboxParams },
    responses: {
      200: jsonContent(InboxDeletionSchema, 'Deleted, with the number of feedback items deleted with it.'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => c.json(await c.var.services.inboxes.delete(c.var.principal, c.req.valid('param').inboxId), 200),
});
