import { createRoute, z } from '@hono/zod-openapi';
import { CONNECTION_ERRORS, errorResponse, jsonContent } from '../shared.schemas.js';

const HealthSchema = z.object({ status: z.enum(['ok', 'unavailable']) }).openapi('Health');

export const healthz = createRoute({
  method: 'get',
  path: '/healthz',
  tags: ['Health'],
  operationId: 'healthz',
  summary: 'Liveness: the process answers',
  // Probes take no API key: declared, so no global default could ever ask for one.
  security: [],
  responses: { ...CONNECTION_ERRORS, 200: jsonContent(HealthSchema, 'Alive.') },
});

export const readyz = createRoute({
  method: 'get',
  path: '/readyz',
  tags: ['Health'],
  operationId: 'readyz',
  summary: 'Readiness: the database answers',
  security: [],
  responses: {
    ...CONNECTION_ERRORS,
    200: jsonContent(HealthSchema, 'Ready to serve.'),
    503: errorResponse('The database is unreachable.'),
  },
});
