import type { AppRouteHandler } from '../../http/app-env.js';
import type { getCurrentApiKey } from './identity.routes.js';

export const getCurrentApiKeyHandler: AppRouteHandler<typeof getCurrentApiKey> = async (c) =>
  c.json(await c.var.services.apiKeys.get(c.var.principal, c.var.principal.keyId), 200);
