import { createRoute, z } from '@hono/zod-openapi';
import { requireKey } from '../../http/auth.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams, PageQuery, SECURITY } from '../shared.schemas.js';
import {
  ApiKeyCreateSchema,
  ApiKeyPageSchema,
  ApiKeySchema,
  ApiKeyUpdateSchema,
  CreatedApiKeySchema,
} from './api-keys.schemas.js';

const KeyParams = OrgParams.extend({
  keyId: z.string().openapi({ param: { name: 'keyId', in: 'path' }, example: 'key_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
const base = { tags: ['API keys'], security: SECURITY };

export const listApiKeys = createRoute({
  ...base,
  method: 'get',
  path: '/organizations/{orgId}/api-keys',
  operationId: 'listApiKeys',
  summary: 'List API keys (never their secrets)',
  middleware: [requireKey('read')] as const,
  request: { params: OrgParams, query: PageQuery },
  responses: { 200: jsonContent(ApiKeyPageSchema, 'A page of API keys.'), ...AUTHENTICATED_ERRORS },
});

export const createApiKey = createRoute({
  ...base,
  method: 'post',
  path: '/organizations/{orgId}/api-keys',
  operationId: 'createApiKey',
  summary: 'Create an API key',
  description: 'Returns the secret once. A key can only grant scopes it holds, within its own brand.',
  middleware: [requireKey('write')] as const,
  request: { params: OrgParams, body: jsonBody(ApiKeyCreateSchema) },
  responses: { 201: jsonContent(CreatedApiKeySchema, 'The key, with its secret.'), ...AUTHENTICATED_ERRORS },
});

export const getApiKey = createRoute({
  ...base,
  method: 'get',
  path: '/organizations/{orgId}/api-keys/{keyId}',
  operationId: 'getApiKey',
  summary: 'Get an API key',
  middleware: [requireKey('read')] as const,
  request: { params: KeyParams },
  responses: { 200: jsonContent(ApiKeySchema, 'The API key.'), ...AUTHENTICATED_ERRORS },
});

export const updateApiKey = createRoute({
  ...base,
  method: 'patch',
  path: '/organizations/{orgId}/api-keys/{keyId}',
  operationId: 'updateApiKey',
  summary: 'Rename an API key',
  middleware: [requireKey('write')] as const,
  request: { params: KeyParams, body: jsonBody(ApiKeyUpdateSchema) },
  responses: { 200: jsonContent(ApiKeySchema, 'The updated API key.'), ...AUTHENTICATED_ERRORS },
});

export const revokeApiKey = createRoute({
  ...base,
  method: 'post',
  path: '/organizations/{orgId}/api-keys/{keyId}/revoke',
  operationId: 'revokeApiKey',
  summary: 'Revoke an API key',
  description: 'Takes effect on the next request, in every server process.',
  middleware: [requireKey('write')] as const,
  request: { params: KeyParams },
  responses: { 200: jsonContent(ApiKeySchema, 'The revoked API key.'), ...AUTHENTICATED_ERRORS },
});
