import { ANYONE, SIGNED_IN } from '../../domain/api-key.js';
import { baseUrlOf } from '../../http/base-url.js';
import { requestClientAddress } from '../../http/client-address.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonBody, jsonContent, OrgParams, PageQuery } from '../shared.schemas.js';
import {
  InviteAcceptanceInputSchema,
  InviteAcceptanceSchema,
  InviteInputSchema,
  InvitePageSchema,
  InviteParams,
  InvitePreviewSchema,
  InviteSchema,
  IssuedInviteSchema,
} from './invites.schemas.js';

const tags = ['Members'];
const CONFLICT = { 409: errorResponse('Already a member, or the invitation was accepted or revoked (`conflict`).') };

export const createInvite = defineOperation({
  scope: 'members',
  route: {
    method: 'post',
    path: '/organizations/{orgId}/invites',
    tags,
    operationId: 'createInvite',
    summary: 'Invite someone by email, with a role',
    description:
      'Mails a link (or, without `HEARBACK_SMTP_URL`, logs it for the operator) and answers it once as `acceptUrl`. The invited person signs up or in with that email and accepts it (`POST /invites/accept`) within 7 days. An address with an invitation still open (neither accepted nor revoked) gets no second one: that invitation is sent again with the role asked now and a new link, its previous link stops working, and the answer is 200 with `resent: true`.',
    request: { params: OrgParams, body: jsonBody(InviteInputSchema) },
    responses: {
      201: jsonContent(IssuedInviteSchema, 'The new invitation.'),
      200: jsonContent(
        IssuedInviteSchema,
        'The invitation already open for this address, sent again (`resent: true`).',
      ),
      ...AUTHENTICATED_ERRORS,
      ...CONFLICT,
    },
  },
  handler: async (c) => {
    const issued = await c.var.services.invites.create(c.var.principal, c.req.valid('json'), baseUrlOf(c));
    return issued.resent ? c.json(issued, 200) : c.json(issued, 201);
  },
});

export const listInvites = defineOperation({
  scope: 'members',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/invites',
    tags,
    operationId: 'listInvites',
    summary: 'List invitations (newest first), with their state',
    request: { params: OrgParams, query: PageQuery },
    responses: { 200: jsonContent(InvitePageSchema, 'A page of invitations.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.invites.list(c.var.principal, c.req.valid('query')), 200),
});

export const revokeInvite = defineOperation({
  scope: 'members',
  route: {
    method: 'delete',
    path: '/organizations/{orgId}/invites/{inviteId}',
    tags,
    operationId: 'revokeInvite',
    summary: 'Revoke an invitation (its link stops working)',
    request: { params: InviteParams },
    responses: { 200: jsonContent(InviteSchema, 'The revoked invitation.'), ...AUTHENTICATED_ERRORS, ...CONFLICT },
  },
  handler: async (c) =>
    c.json(await c.var.services.invites.revoke(c.var.principal, c.req.valid('param').inviteId), 200),
});

export const resendInvite = defineOperation({
  scope: 'members',
  route: {
    method: 'post',
    path: '/organizations/{orgId}/invites/{inviteId}/resend',
    tags,
    operationId: 'resendInvite',
    summary: 'Send an invitation again, with a new link valid 7 more days',
    description: 'The previous link stops working.',
    request: { params: InviteParams },
    responses: { 200: jsonContent(IssuedInviteSchema, 'The invitation.'), ...AUTHENTICATED_ERRORS, ...CONFLICT },
  },
  handler: async (c) =>
    c.json(await c.var.services.invites.resend(c.var.principal, c.req.valid('param').inviteId, baseUrlOf(c)), 200),
});

export const acceptInvite = defineOperation({
  scope: SIGNED_IN,
  route: {
    method: 'post',
    path: '/invites/accept',
    tags,
    operationId: 'acceptInvite',
    summary: 'Accept an invitation as the signed-in user',
    description:
      'A session only, of the invited email address (sign up at `POST /auth/sign-up/email` first if needed: an invited address may sign up while sign-up is by invitation). The token works once.',
    request: { body: jsonBody(InviteAcceptanceInputSchema) },
    responses: { 200: jsonContent(InviteAcceptanceSchema, 'The membership.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json(await c.var.services.invites.accept(c.var.signedIn, c.req.valid('json').token), 200),
});

export const previewInvite = defineOperation({
  scope: ANYONE,
  route: {
    method: 'post',
    path: '/invites/preview',
    tags,
    operationId: 'previewInvite',
    summary: 'Read an invitation by its token, before accepting it',
    description:
      'No key or session: what the invitation page shows someone who may have no account yet (the organization’s name, the role, the invited address, the inviter’s name, the expiry). Nothing is accepted or changed. The token goes in the body, as for `POST /invites/accept`, so it appears in no URL a proxy logs. A token that cannot be accepted, whatever the reason, is 404. At most 30 requests a minute from one client address.',
    request: { body: jsonBody(InviteAcceptanceInputSchema) },
    responses: {
      200: jsonContent(InvitePreviewSchema, 'The invitation, which can be accepted until `expiresAt`.'),
      400: errorResponse('Invalid input (`validation_failed`, `malformed_json`).'),
      404: errorResponse('The token is unknown, used, revoked or expired (`not_found`; which of them is not said).'),
      429: errorResponse('Too many requests from this address (`rate_limited`); retry after `Retry-After` seconds.'),
      500: errorResponse('Unexpected server error.'),
    },
  },
  handler: async (c) => {
    const address = requestClientAddress(c, c.var.trustedProxies);
    return c.json(await c.var.services.invites.preview(c.req.valid('json').token, address), 200);
  },
});
