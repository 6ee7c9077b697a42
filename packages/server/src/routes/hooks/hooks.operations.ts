import { defineOperation } from '../operation.js';
import { planGatedErrors } from '../plan-gated.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams } from '../shared.schemas.js';
import {
  RestHookInputSchema,
  RestHookParams,
  RestHookSampleQuery,
  RestHookSampleSchema,
  RestHookWithSecretSchema,
} from './hooks.schemas.js';

/** What a brand-scoped key is told it cannot do: REST hooks are organization-wide. */
const MANAGE_REST_HOOKS = 'manage REST hooks, which receive every event of the organization';

const tags = ['REST hooks'];
const path = '/organizations/{orgId}/hooks';
const forPlatforms =
  'For automation platforms (Zapier, Make, n8n): a REST hook sends every event of one type in the organization to `targetUrl`, as the bare resource (no envelope), signed with Standard Webhooks headers (the signing secret is in the subscription answer only; `POST /organizations/{orgId}/automations/{hookId}/rotate-signing-secret` answers a new one). Brand-scoped keys cannot use REST hooks.';

export const subscribeRestHook = defineOperation({
  scope: 'write',
  organizationWide: MANAGE_REST_HOOKS,
  route: {
    method: 'post',
    path,
    tags,
    operationId: 'subscribeRestHook',
    summary: 'Subscribe a URL to an event (REST hook)',
    description: forPlatforms,
    request: { params: OrgParams, body: jsonBody(RestHookInputSchema) },
    responses: {
      201: jsonContent(
        RestHookWithSecretSchema,
        'The subscription; keep its `id` to unsubscribe, and its `signingSecret` (shown this once) to verify deliveries.',
      ),
      ...planGatedErrors('webhooks'),
    },
  },
  handler: async (c) => c.json(await c.var.services.restHooks.subscribe(c.var.principal, c.req.valid('json')), 201),
});

export const getRestHookSample = defineOperation({
  scope: 'read',
  organizationWide: MANAGE_REST_HOOKS,
  route: {
    method: 'get',
    path: `${path}/sample`,
    tags,
    operationId: 'getRestHookSample',
    summary: 'Recent items of an event, in the shape a REST hook receives',
    description: `${forPlatforms} Platforms call it to show sample data (Zapier's \`performList\`).`,
    request: { params: OrgParams, query: RestHookSampleQuery },
    responses: {
      200: jsonContent(RestHookSampleSchema, 'Recent items, newest first.'),
      ...planGatedErrors('webhooks'),
    },
  },
  handler: async (c) => c.json(await c.var.services.restHooks.sample(c.var.principal, c.req.valid('query').event), 200),
});

export const unsubscribeRestHook = defineOperation({
  scope: 'write',
  organizationWide: MANAGE_REST_HOOKS,
  route: {
    method: 'delete',
    path: `${path}/{hookId}`,
    tags,
    operationId: 'unsubscribeRestHook',
    summary: 'Unsubscribe a REST hook',
    description: 'Nothing is sent to its URL afterwards. Only REST hooks: an automation id answers 404.',
    request: { params: RestHookParams },
    responses: { 204: { description: 'Unsubscribed.' }, ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    await c.var.services.restHooks.unsubscribe(c.var.principal, c.req.valid('param').hookId);
    return c.body(null, 204);
  },
});
