import { ANY_KEY } from '../../domain/api-key.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, jsonContent } from '../shared.schemas.js';
import { CurrentApiKeySchema } from './identity.schemas.js';

export const getCurrentApiKey = defineOperation({
  scope: ANY_KEY,
  route: {
    method: 'get',
    path: '/me',
    tags: ['Identity'],
    operationId: 'getCurrentApiKey',
    summary: "The API key making the request: its organization, brand and scopes, and the server's features",
    description:
      'Any valid key may call it. Start here when all you have is a key: `orgId` is the organization every other path names, and `features` says what this server offers (semantic search may be off).',
    responses: {
      200: jsonContent(CurrentApiKeySchema, "The calling key (never its secret) and the server's features."),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => {
    const { services, principal } = c.var;
    return c.json({ ...(await services.apiKeys.get(principal, principal.actor.id)), features: services.features }, 200);
  },
});
