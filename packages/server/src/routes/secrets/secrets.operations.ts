import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonBody, jsonContent, OrgParams, PageQuery } from '../shared.schemas.js';
import {
  SecretInputSchema,
  SecretPageSchema,
  SecretParams,
  SecretSchema,
  SecretValueInputSchema,
} from './secrets.schemas.js';

const tags = ['Secrets'];
const path = '/organizations/{orgId}/secrets';
// Every operation needs `write`, reading the list too: the names say which integrations exist.
const scope = 'write';
/** What a brand-scoped key is told it cannot do. */
const MANAGE_SECRETS = 'manage secrets, which belong to the whole organization';
const ORGANIZATION_WIDE =
  'Secrets belong to the whole organization: a brand-scoped API key gets 403 `forbidden`. Values are stored encrypted under the server master secret and are never returned or logged.';

export const listSecrets = defineOperation({
  scope,
  organizationWide: MANAGE_SECRETS,
  route: {
    method: 'get',
    path,
    tags,
    operationId: 'listSecrets',
    summary: 'List secrets',
    description: `Names and times, by name; never values. ${ORGANIZATION_WIDE}`,
    request: { params: OrgParams, query: PageQuery },
    responses: { 200: jsonContent(SecretPageSchema, 'A page of secrets, by name.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(await c.var.services.organizationSecrets.list(c.var.principal, c.req.valid('query')), 200),
});

export const createSecret = defineOperation({
  scope,
  organizationWide: MANAGE_SECRETS,
  route: {
    method: 'post',
    path,
    tags,
    operationId: 'createSecret',
    summary: 'Create a secret',
    description: `Adds a named value that webhook templates reference as \`{{secrets.NAME}}\`. ${ORGANIZATION_WIDE}`,
    request: { params: OrgParams, body: jsonBody(SecretInputSchema) },
    responses: {
      201: jsonContent(SecretSchema, 'The created secret (without its value).'),
      ...AUTHENTICATED_ERRORS,
      409: errorResponse(
        'A secret of this name exists (`conflict`; replace it with PUT), or a request with this `Idempotency-Key` is still running (`idempotency_key_in_use`).',
      ),
    },
  },
  handler: async (c) =>
    c.json(await c.var.services.organizationSecrets.create(c.var.principal, c.req.valid('json')), 201),
});

export const putSecret = defineOperation({
  scope,
  organizationWide: MANAGE_SECRETS,
  route: {
    method: 'put',
    path: `${path}/{name}`,
    tags,
    operationId: 'putSecret',
    summary: 'Create or replace a secret',
    description: `Sets the value of the named secret, creating it when absent. ${ORGANIZATION_WIDE}`,
    request: { params: SecretParams, body: jsonBody(SecretValueInputSchema) },
    responses: { 200: jsonContent(SecretSchema, 'The secret (without its value).'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(
      await c.var.services.organizationSecrets.put(c.var.principal, c.req.valid('param').name, c.req.valid('json')),
      200,
    ),
});

export const deleteSecret = defineOperation({
  scope,
  organizationWide: MANAGE_SECRETS,
  route: {
    method: 'delete',
    path: `${path}/{name}`,
    tags,
    operationId: 'deleteSecret',
    summary: 'Delete a secret',
    description: `Refused while an automation or REST hook (enabled or not) references it as \`{{secrets.NAME}}\`: its deliveries would go out without it. ${ORGANIZATION_WIDE}`,
    request: { params: SecretParams },
    responses: {
      204: { description: 'Deleted.' },
      ...AUTHENTICATED_ERRORS,
      409: errorResponse(
        'An automation or REST hook references the secret (`secret_in_use`; `automations` lists them, and nothing is deleted), or a request with this `Idempotency-Key` is still running (`idempotency_key_in_use`).',
      ),
    },
  },
  handler: async (c) => {
    await c.var.services.organizationSecrets.delete(c.var.principal, c.req.valid('param').name);
    return c.body(null, 204);
  },
});
