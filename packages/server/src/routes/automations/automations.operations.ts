import { defineOperation } from '../operation.js';
import { planGatedErrors } from '../plan-gated.js';
import {
  AUTHENTICATED_ERRORS,
  jsonBody,
  jsonContent,
  OrgParams,
  optionalJsonBody,
  PageQuery,
} from '../shared.schemas.js';
import {
  AutomationDeletionSchema,
  AutomationInputDocument,
  AutomationPageSchema,
  AutomationParams,
  AutomationPreviewInputDocument,
  AutomationPreviewSchema,
  AutomationSchema,
  AutomationTestInputDocument,
  AutomationTestResultSchema,
  AutomationUpdateDocument,
  AutomationWithSecretSchema,
} from './automations.schemas.js';

/** What a brand-scoped key is told it cannot do: every automation operation is organization-wide. */
const MANAGE_AUTOMATIONS = "manage automations, which see every brand's feedback";

const tags = ['Automations'];
const path = '/organizations/{orgId}/automations';
const ORG_WIDE =
  'Organization-wide API keys only (an automation sees every brand). Creating, changing and rotating need a plan with webhooks (team or above); reading and deleting do not, so a downgraded organization can see and remove what it has.';

export const listAutomations = defineOperation({
  scope: 'read',
  organizationWide: MANAGE_AUTOMATIONS,
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
  organizationWide: MANAGE_AUTOMATIONS,
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

export const previewAutomation = defineOperation({
  scope: 'write',
  organizationWide: MANAGE_AUTOMATIONS,
  route: {
    method: 'post',
    path: `${path}/preview`,
    tags,
    operationId: 'previewAutomation',
    summary: "Preview an automation's request",
    description: `Renders the request an automation would send for the sample of an event type (the event registry's), with the same renderer as every delivery: nothing is stored or sent. The body is validated as on create. Secrets show as masked and \`webhook-signature\` as a placeholder. ${ORG_WIDE}`,
    request: { params: OrgParams, body: jsonBody(AutomationPreviewInputDocument) },
    responses: {
      200: jsonContent(AutomationPreviewSchema, 'The request it would send, and what the render could not do.'),
      ...planGatedErrors('webhooks'),
    },
  },
  handler: async (c) =>
    c.json(await c.var.services.automationTrials.preview(c.var.principal, c.req.valid('json')), 200),
});

export const getAutomation = defineOperation({
  scope: 'read',
  organizationWide: MANAGE_AUTOMATIONS,
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
  organizationWide: MANAGE_AUTOMATIONS,
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
  organizationWide: MANAGE_AUTOMATIONS,
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
  organizationWide: MANAGE_AUTOMATIONS,
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

export const testAutomation = defineOperation({
  scope: 'write',
  organizationWide: MANAGE_AUTOMATIONS,
  route: {
    method: 'post',
    path: `${path}/{automationId}/test`,
    tags,
    operationId: 'testAutomation',
    summary: 'Send a test event',
    description: `Renders the sample of an event type (one of the automation's; default the first), signs it with the automation's signing secret, sends it now through the SSRF guard, and answers the request (secrets masked) and what the receiver did: 200 whatever it answered, the outcome says how it went. The \`webhook-id\` is a fresh \`evt_…\`. Sent even when the automation is disabled. A test is not a delivery: it is not retried and does not appear in the delivery log. ${ORG_WIDE}`,
    request: { params: AutomationParams, body: optionalJsonBody(AutomationTestInputDocument) },
    responses: {
      200: jsonContent(AutomationTestResultSchema, 'The request sent and how the attempt ended.'),
      ...planGatedErrors('webhooks'),
    },
  },
  handler: async (c) =>
    c.json(
      await c.var.services.automationTrials.test(
        c.var.principal,
        c.req.valid('param').automationId,
        c.req.valid('json'),
      ),
      200,
    ),
});
