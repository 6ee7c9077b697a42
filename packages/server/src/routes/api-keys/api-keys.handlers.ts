import type { AppRouteHandler } from '../../http/app-env.js';
import type { createApiKey, getApiKey, listApiKeys, revokeApiKey, updateApiKey } from './api-keys.routes.js';

export const listApiKeysHandler: AppRouteHandler<typeof listApiKeys> = async (c) =>
  c.json(await c.var.services.apiKeys.list(c.var.principal, c.req.valid('query')), 200);

export const createApiKeyHandler: AppRouteHandler<typeof createApiKey> = async (c) => {
  const { apiKey, secret } = await c.var.services.apiKeys.create(c.var.principal, c.req.valid('json'));
  return c.json({ ...apiKey, secret }, 201);
};

export const getApiKeyHandler: AppRouteHandler<typeof getApiKey> = async (c) =>
  c.json(await c.var.services.apiKeys.get(c.var.principal, c.req.valid('param').keyId), 200);

export const updateApiKeyHandler: AppRouteHandler<typeof updateApiKey> = async (c) =>
  c.json(await c.var.services.apiKeys.update(c.var.principal, c.req.valid('param').keyId, c.req.valid('json')), 200);

export const revokeApiKeyHandler: AppRouteHandler<typeof revokeApiKey> = async (c) =>
  c.json(await c.var.services.apiKeys.revoke(c.var.principal, c.req.valid('param').keyId), 200);
