import { createRoute } from '@hono/zod-openapi';
import { requireAnyKey } from '../../http/auth.js';
import { ApiKeySchema } from '../api-keys/api-keys.schemas.js';
import { AUTHENTICATED_ERRORS, jsonContent, SECURITY } from '../shared.schemas.js';

export const getCurrentApiKey = createRoute({
  method: 'get',
  path: '/me',
  tags: ['Identity'],
  operationId: 'getCurrentApiKey',
  summary: 'The API key making the request: its organization, brand and scopes',
  description:
    'Any valid key may call it. Start here when all you have is a key: `orgId` is the organization every other path names.',
  security: SECURITY,
  middleware: [requireAnyKey()] as const,
  responses: { 200: jsonContent(ApiKeySchema, 'The calling key (never its secret).'), ...AUTHENTICATED_ERRORS },
});
