import { createRoute, z } from '@hono/zod-openapi';
import { requireKey } from '../../http/auth.js';
import {
  AUTHENTICATED_ERRORS,
  errorResponse,
  jsonBody,
  jsonContent,
  OrgParams,
  PageQuery,
  SECURITY,
} from '../shared.schemas.js';
import { InboxCreateSchema, InboxPageSchema, InboxSchema, InboxUpdateSchema } from './inboxes.schemas.js';

const InboxParams = OrgParams.extend({
  inboxId: z.string().openapi({ param: { name: 'inboxId', in: 'path' }, example: 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
const base = { tags: ['Inboxes'], security: SECURITY };

export const listInboxes = createRoute({
  ...base,
  method: 'get',
  path: '/organizations/{orgId}/inboxes',
  operationId: 'listInboxes',
  summary: 'List inboxes',
  middleware: [requireKey('read')] as const,
  request: { params: OrgParams, query: PageQuery },
  responses: { 200: jsonContent(InboxPageSchema, 'A page of inboxes.'), ...AUTHENTICATED_ERRORS },
});

export const createInbox = createRoute({
  ...base,
  method: 'post',
  path: '/organizations/{orgId}/inboxes',
  operationId: 'createInbox',
  summary: 'Create an inbox',
  description: 'Counts against the plan inbox cap (429 `inbox_limit_reached`).',
  middleware: [requireKey('write')] as const,
  request: { params: OrgParams, body: jsonBody(InboxCreateSchema) },
  responses: {
    201: jsonContent(InboxSchema, 'The created inbox.'),
    ...AUTHENTICATED_ERRORS,
    429: errorResponse('The plan inbox cap is reached (`inbox_limit_reached`).'),
  },
});

export const getInbox = createRoute({
  ...base,
  method: 'get',
  path: '/organizations/{orgId}/inboxes/{inboxId}',
  operationId: 'getInbox',
  summary: 'Get an inbox',
  middleware: [requireKey('read')] as const,
  request: { params: InboxParams },
  responses: { 200: jsonContent(InboxSchema, 'The inbox.'), ...AUTHENTICATED_ERRORS },
});

export const updateInbox = createRoute({
  ...base,
  method: 'patch',
  path: '/organizations/{orgId}/inboxes/{inboxId}',
  operationId: 'updateInbox',
  summary: 'Rename an inbox or move it to a brand',
  middleware: [requireKey('write')] as const,
  request: { params: InboxParams, body: jsonBody(InboxUpdateSchema) },
  responses: { 200: jsonContent(InboxSchema, 'The updated inbox.'), ...AUTHENTICATED_ERRORS },
});

export const deleteInbox = createRoute({
  ...base,
  method: 'delete',
  path: '/organizations/{orgId}/inboxes/{inboxId}',
  operationId: 'deleteInbox',
  summary: 'Delete an inbox and its feedback',
  middleware: [requireKey('write')] as const,
  request: { params: InboxParams },
  responses: { 204: { description: 'Deleted.' }, ...AUTHENTICATED_ERRORS },
});
