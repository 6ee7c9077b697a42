import { z } from '@hono/zod-openapi';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams, PageQuery } from '../shared.schemas.js';
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
const tags = ['API keys'];

export const listApiKeys = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/api-keys',
    tags,
    operationId: 'listApiKeys',
    summary: 'List API keys (never their secrets)',
    request: { params: OrgParams, query: PageQuery },
    responses: { 200: jsonContent(ApiKeyPageSchema, 'A page of API keys.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.apiKeys.list(c.var.principal, c.req.valid('query')), 200),
});

export const createApiKey = defineOperation({
  scope: 'write',
  route: {
    method: 'post',
    path: '/organizations/{orgId}/api-keys',
    tags,
    operationId: 'createApiKey',
    summary: 'Create an API key',
    description: 'Returns the secret once. A key can only grant scopes it holds, within its own brand.',
    request: { params: OrgParams, body: jsonBody(ApiKeyCreateSchema) },
    responses: { 201: jsonContent(CreatedApiKeySchema, 'The key, with its secret.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { apiKey, secret } = await c.var.services.apiKeys.create(c.var.principal, c.req.valid('json'));
    return c.json({ ...apiKey, secret }, 201);
  },
});

export const getApiKey = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/api-keys/{keyId}',
    tags,
    operationId: 'getApiKey',
    summary: 'Get an API key',
    request: { params: KeyParams },
    responses: { 200: jsonContent(ApiKeySchema, 'The API key.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.apiKeys.get(c.var.principal, c.req.valid('param').keyId), 200),
});

export const updateApiKey = defineOperation({
  scope: 'write',
  route: {
    method: 'patch',
    path: '/organizations/{orgId}/api-keys/{keyId}',
    tags,
    operationId: 'updateApiKey',
    summary: 'Rename an API key',
    description: 'The caller must hold every scope of the key it renames.',
    request: { params: KeyParams, body: jsonBody(ApiKeyUpdateSchema) },
    responses: { 200: jsonContent(ApiKeySchema, 'The updated API key.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(await c.var.services.apiKeys.update(c.var.principal, c.req.valid('param').keyId, c.req.valid('json')), 200),
});

export const revokeApiKey = defineOperation({
  scope: 'write',
  route: {
    method: 'post',
    path: '/organizations/{orgId}/api-keys/{keyId}/revoke',
    tags,
    operationId: 'revokeApiKey',
    summary: 'Revoke an API key',
    description:
      'Takes effect on the next request, in every server process. The caller must hold every scope of the key it revokes.',
    request: { params: KeyParams },
    responses: { 200: jsonContent(ApiKeySchema, 'The revoked API key.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.apiKeys.revoke(c.var.principal, c.req.valid('param').keyId), 200),
});
