import { SIGNED_IN } from '../../domain/api-key.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, errorResponse, jsonBody, jsonContent, OrgParams } from '../shared.schemas.js';
import {
  MemberListSchema,
  MemberParams,
  MemberRemovalSchema,
  MemberSchema,
  MemberUpdateSchema,
  OrganizationLeaveSchema,
  OwnershipTransferSchema,
} from './members.schemas.js';

const tags = ['Members'];
const OWNER_CONFLICT = { 409: errorResponse('The owner’s role changes only by a transfer (`conflict`).') };

export const listMembers = defineOperation({
  scope: 'read',
  // People are the organization's, not a brand's: a key limited to one brand reads its brand's
  // feedback, not who works in the whole organization.
  organizationWide: "list the organization's members: their names and email addresses are not a brand's data",
  route: {
    method: 'get',
    path: '/organizations/{orgId}/members',
    tags,
    operationId: 'listMembers',
    summary: 'List the members and their roles',
    description: 'Oldest first; every member (an organization has a few hundred at most).',
    request: { params: OrgParams },
    responses: { 200: jsonContent(MemberListSchema, 'The members.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => c.json({ data: await c.var.services.members.list(c.var.principal) }, 200),
});

export const updateMember = defineOperation({
  scope: 'members',
  route: {
    method: 'patch',
    path: '/organizations/{orgId}/members/{userId}',
    tags,
    operationId: 'updateMember',
    summary: 'Change a member’s role',
    description: 'Admins and the owner; only the owner changes an admin’s role.',
    request: { params: MemberParams, body: jsonBody(MemberUpdateSchema) },
    responses: { 200: jsonContent(MemberSchema, 'The member.'), ...AUTHENTICATED_ERRORS, ...OWNER_CONFLICT },
  },
  handler: async (c) =>
    c.json(
      await c.var.services.members.setRole(c.var.principal, c.req.valid('param').userId, c.req.valid('json').role),
      200,
    ),
});

export const removeMember = defineOperation({
  scope: 'members',
  route: {
    method: 'delete',
    path: '/organizations/{orgId}/members/{userId}',
    tags,
    operationId: 'removeMember',
    summary: 'Remove a member',
    description: 'Admins remove members and viewers; the owner also removes admins. The owner cannot be removed.',
    request: { params: MemberParams },
    responses: { 200: jsonContent(MemberRemovalSchema, 'Removed.'), ...AUTHENTICATED_ERRORS, ...OWNER_CONFLICT },
  },
  handler: async (c) => {
    const { userId } = c.req.valid('param');
    await c.var.services.members.remove(c.var.principal, userId);
    return c.json({ userId, removed: true as const }, 200);
  },
});

export const transferOwnership = defineOperation({
  scope: 'owner',
  route: {
    method: 'post',
    path: '/organizations/{orgId}/transfer-ownership',
    tags,
    operationId: 'transferOwnership',
    summary: 'Hand the organization to another member',
    description: 'The owner only. The member becomes owner; the former owner becomes an admin.',
    request: { params: OrgParams, body: jsonBody(OwnershipTransferSchema) },
    responses: { 200: jsonContent(MemberSchema, 'The new owner.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(await c.var.services.members.transferOwnership(c.var.principal, c.req.valid('json').userId), 200),
});

export const leaveOrganization = defineOperation({
  // A person's own act: no key is a member (a key alone answers 401 `sign_in_required`), and every
  // role may leave but the owner's, which passes only by a transfer (409).
  scope: SIGNED_IN,
  route: {
    method: 'post',
    path: '/organizations/{orgId}/leave',
    tags,
    operationId: 'leaveOrganization',
    summary: 'Leave the organization (the signed-in member)',
    description:
      'A session only. The membership ends at once: the next request to this organization answers 404 and open realtime streams end. Items assigned to the person become unassigned; their notes stay. The owner cannot leave: transfer ownership to another member first.',
    request: { params: OrgParams },
    responses: {
      200: jsonContent(OrganizationLeaveSchema, 'Left.'),
      ...AUTHENTICATED_ERRORS,
      404: errorResponse('Not a member of this organization (`not_found`).'),
      409: errorResponse(
        'The owner cannot leave before transferring ownership (`conflict`), or a request with this `Idempotency-Key` is still running (`idempotency_key_in_use`).',
      ),
    },
  },
  handler: async (c) => {
    const { orgId } = c.req.valid('param');
    const { user } = c.var.signedIn;
    await c.var.services.members.leave(c.var.signedIn, orgId);
    return c.json({ orgId, userId: user.id, left: true as const }, 200);
  },
});
