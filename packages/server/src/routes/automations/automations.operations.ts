import { defineOperation } from '../operation.js';
import { planGatedErrors } from '../plan-gated.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams, PageQuery } from '../shared.schemas.js';
import {
  AutomationDeletionSchema,
  AutomationInputDocument,
  AutomationPageSchema,
  AutomationParams,
  AutomationSchema,
  AutomationUpdateDocument,
  AutomationWithSecretSchema,
} from './automations.schemas.js';

const tags = ['Automations'];
const path = '/organizations/{orgId}/automations';
const ORG_WIDE =
  'Organization-wide API keys only (an automation sees every brand). Creating, changing and rotating need a plan with webhooks (team or above); reading and deleting do not, so a downgraded organization can see and remove what it has.';

export const listAutomations = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path,
    tags,
    operationId: 'listAutomations',
    summary: 'List automations',
    description: ORG_WIDE,
    request: { params: OrgParams, query: PageQuery },
    responses: {
      200: jsonContent(AutomationPageSchema, 'A page of automations, oldest first.'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => c.json(await c.var.services.automations.list(c.var.principal, c.req.valid('query')), 200),
});

export const createAutomation = defineOperation({
  scope: 'write',
  route: {
    method: 'post',
    path,
    tags,
    operationId: 'createAutomation',
    summary: 'Create an automation',
    description: `Delivers the chosen events, filtered, to a webhook signed with Standard Webhooks. The answer holds the signing secret, shown this once. A filter's \`inboxId\` must be an inbox of the organization (404 otherwise). ${ORG_WIDE}`,
    request: { params: OrgParams, body: jsonBody(AutomationInputDocument) },
    responses: {
      201: jsonContent(AutomationWithSecretSchema, 'The created automation, with its signing secret.'),
      ...planGatedErrors('webhooks'),
    },
  },
  handler: async (c) => c.json(await c.var.services.automations.create(c.var.principal, c.req.valid('json')), 201),
});

export const getAutomation = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: `${path}/{automationId}`,
    tags,
    operationId: 'getAutomation',
    summary: 'Get an automation',
    description: ORG_WIDE,
    request: { params: AutomationParams },
    responses: {
      200: jsonContent(AutomationSchema, 'The automation (never its signing secret).'),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) =>
    c.json(await c.var.services.automations.get(c.var.principal, c.req.valid('param').automationId), 200),
});

export const updateAutomation = defineOperation({
  scope: 'write',
  route: {
    method: 'patch',
    path: `${path}/{automationId}`,
    tags,
    operationId: 'updateAutomation',
    summary: 'Change an automation',
    description: `Members given replace the stored ones. Setting \`enabled: true\` on a disabled automation clears \`disabledReason\` and \`failingSince\`. ${ORG_WIDE}`,
    request: { params: AutomationParams, body: jsonBody(AutomationUpdateDocument) },
    responses: { 200: jsonContent(AutomationSchema, 'The updated automation.'), ...planGatedErrors('webhooks') },
  },
  handler: async (c) =>
    c.json(
      await c.var.services.automations.update(c.var.principal, c.req.valid('param').automationId, c.req.valid('json')),
      200,
    ),
});

export const deleteAutomation = defineOperation({
  scope: 'write',
  route: {
    method: 'delete',
    path: `${path}/{automationId}`,
    tags,
    operationId: 'deleteAutomation',
    summary: 'Delete an automation',
    description: ORG_WIDE,
    request: { params: AutomationParams },
    responses: { 200: jsonContent(AutomationDeletionSchema, 'Deleted.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(await c.var.services.automations.delete(c.var.principal, c.req.valid('param').automationId), 200),
});

export const rotateAutomationSigningSecret = defineOperation({
  scope: 'write',
  route: {
    method: 'post',
    path: `${path}/{automationId}/rotate-signing-secret`,
    tags,
    operationId: 'rotateAutomationSigningSecret',
    summary: "Rotate an automation's signing secret",
    description: `Answers a new signing secret, shown this once; deliveries are signed with it from now on, and the previous one is gone. ${ORG_WIDE}`,
    request: { params: AutomationParams },
    responses: {
      200: jsonContent(AutomationWithSecretSchema, 'The automation, with its new signing secret.'),
      ...planGatedErrors('webhooks'),
    },
  },
  handler: async (c) =>
    c.json(
      await c.var.services.automations.rotateSigningSecret(c.var.principal, c.req.valid('param').automationId),
      200,
    ),
});
