import { ANY_KEY } from '../../domain/api-key.js';
import { ApiKeySchema } from '../api-keys/api-keys.schemas.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, jsonContent } from '../shared.schemas.js';

export const getCurrentApiKey = defineOperation({
  scope: ANY_KEY,
  route: {
    method: 'get',
    path: '/me',
    tags: ['Identity'],
    operationId: 'getCurrentApiKey',
    summary: 'The API key making the request: its organization, brand and scopes',
    description:
      'Any valid key may call it. Start here when all you have is a key: `orgId` is the organization every other path names.',
    responses: { 200: jsonContent(ApiKeySchema, 'The calling key (never its secret).'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.apiKeys.get(c.var.principal, c.var.principal.actor.id), 200),
});
