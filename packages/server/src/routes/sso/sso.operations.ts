import { baseUrlOf } from '../../http/base-url.js';
import { defineOperation } from '../operation.js';
import { planGatedErrors } from '../plan-gated.js';
import { errorResponse, jsonBody, jsonContent, OrgParams } from '../shared.schemas.js';
import {
  SsoConnectionSchema,
  SsoDomainParams,
  SsoDomainSchema,
  SsoInputSchema,
  SsoRemovalSchema,
} from './sso.schemas.js';

const tags = ['Single sign-on'];

export const getSso = defineOperation({
  scope: 'members',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/sso',
    tags,
    operationId: 'getSso',
    summary: 'Show the single sign-on provider and its email domains',
    description: 'Admins and the owner, on the enterprise plan. The client secret is never returned.',
    request: { params: OrgParams },
    responses: { 200: jsonContent(SsoConnectionSchema, 'The provider.'), ...planGatedErrors('sso') },
  },
  handler: async (c) => c.json(await c.var.services.sso.get(c.var.principal, baseUrlOf(c)), 200),
});

export const putSso = defineOperation({
  scope: 'members',
  route: {
    method: 'put',
    path: '/organizations/{orgId}/sso',
    tags,
    operationId: 'putSso',
    summary: 'Set up single sign-on (OpenID Connect)',
    description:
      'Replaces the provider and the email domains. Each new domain is pending until `POST …/sso/domains/{domain}/verify` finds its DNS TXT record; then whoever signs in with an address at it goes to this provider, and joins with `defaultRole` the first time (a new user is created whatever `HEARBACK_SIGNUP` says).',
    request: { params: OrgParams, body: jsonBody(SsoInputSchema) },
    responses: {
      200: jsonContent(SsoConnectionSchema, 'The provider.'),
      ...planGatedErrors('sso'),
      409: errorResponse('A domain is verified by another organization (`domain_claimed`).'),
    },
  },
  handler: async (c) => c.json(await c.var.services.sso.put(c.var.principal, c.req.valid('json'), baseUrlOf(c)), 200),
});

export const deleteSso = defineOperation({
  scope: 'members',
  route: {
    method: 'delete',
    path: '/organizations/{orgId}/sso',
    tags,
    operationId: 'deleteSso',
    summary: 'Turn single sign-on off',
    description:
      'Forgets the provider and the domains (verified ones too). Members stay; they sign in with a password.',
    request: { params: OrgParams },
    responses: { 200: jsonContent(SsoRemovalSchema, 'Removed.'), ...planGatedErrors('sso') },
  },
  handler: async (c) => {
    await c.var.services.sso.remove(c.var.principal);
    return c.json({ removed: true as const }, 200);
  },
});

export const verifySsoDomain = defineOperation({
  scope: 'members',
  route: {
    method: 'post',
    path: '/organizations/{orgId}/sso/domains/{domain}/verify',
    tags,
    operationId: 'verifySsoDomain',
    summary: 'Verify an email domain by its DNS TXT record',
    description: 'Looks up the TXT records of `_hearback.{domain}` for the value `record.value` gave.',
    request: { params: SsoDomainParams },
    responses: {
      200: jsonContent(SsoDomainSchema, 'The domain, verified.'),
      ...planGatedErrors('sso'),
      409: errorResponse('Another organization verified the domain first (`domain_claimed`).'),
      422: errorResponse('No TXT record holds the token yet (`domain_verification_failed`).'),
    },
  },
  handler: async (c) =>
    c.json(await c.var.services.sso.verifyDomain(c.var.principal, c.req.valid('param').domain), 200),
});
