import { INSTANCE_ADMIN, SIGNED_IN } from '../../domain/api-key.js';
import { defineOperation } from '../operation.js';
import { OrganizationSchema } from '../organizations/organizations.schemas.js';
import { AUTHENTICATED_ERRORS, jsonBody, jsonContent, OrgParams } from '../shared.schemas.js';
import {
  AccountSchema,
  MyOrganizationSchema,
  OrganizationCreateSchema,
  OrganizationDeletionInputSchema,
  OrganizationDeletionSchema,
  PlanInputSchema,
} from './account.schemas.js';

const tags = ['Account'];

export const getAccount = defineOperation({
  scope: SIGNED_IN,
  route: {
    method: 'get',
    path: '/account',
    tags,
    operationId: 'getAccount',
    summary: 'The signed-in user and their organizations',
    description:
      'A session only (sign in at `POST /auth/sign-in/email`). Each organization comes with the role held in it; `features` says what this server offers (semantic search may be off).',
    responses: { 200: jsonContent(AccountSchema, 'The account.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { services, signedIn } = c.var;
    return c.json({ ...(await services.accounts.account(signedIn)), features: services.features }, 200);
  },
});

export const createOrganization = defineOperation({
  scope: SIGNED_IN,
  route: {
    method: 'post',
    path: '/organizations',
    tags,
    operationId: 'createOrganization',
    summary: 'Create an organization (its creator is its owner)',
    description: 'A session only. The organization starts with one inbox and the instance’s default plan.',
    request: { body: jsonBody(OrganizationCreateSchema) },
    responses: { 201: jsonContent(MyOrganizationSchema, 'The new organization.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(await c.var.services.accounts.createOrganization(c.var.signedIn, c.req.valid('json')), 201),
});

export const deleteOrganization = defineOperation({
  scope: 'owner',
  route: {
    method: 'delete',
    path: '/organizations/{orgId}',
    tags,
    operationId: 'deleteOrganization',
    summary: 'Delete the organization and everything in it',
    description: 'The owner only; `confirm` must be the organization’s slug. Nothing is recoverable.',
    request: { params: OrgParams, body: jsonBody(OrganizationDeletionInputSchema) },
    responses: { 200: jsonContent(OrganizationDeletionSchema, 'Deleted.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { principal } = c.var;
    await c.var.services.accounts.deleteOrganization(principal, c.req.valid('json').confirm);
    return c.json({ id: principal.orgId, deleted: true as const }, 200);
  },
});

export const setOrganizationPlan = defineOperation({
  scope: INSTANCE_ADMIN,
  route: {
    method: 'patch',
    path: '/organizations/{orgId}/plan',
    tags,
    operationId: 'setOrganizationPlan',
    summary: 'Set an organization’s plan (instance administrators)',
    description:
      'An administrator of this Hearback instance (its first user, signed in) sets any organization’s plan; `hearback orgs set-plan` does the same from the shell.',
    request: { params: OrgParams, body: jsonBody(PlanInputSchema) },
    responses: { 200: jsonContent(OrganizationSchema, 'The organization on its new plan.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(
      await c.var.services.organizations.setPlanAsAdmin(
        c.var.signedIn,
        c.req.valid('param').orgId,
        c.req.valid('json').plan,
      ),
      200,
    ),
});
