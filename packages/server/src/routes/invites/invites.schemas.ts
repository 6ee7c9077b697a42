import {
  InviteAcceptanceInputSchema as InviteAcceptanceInput,
  InviteInputSchema as InviteInput,
} from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { RoleSchema } from '../account/account.schemas.js';
import { AssignableRoleSchema } from '../members/members.schemas.js';
import { documentable, OrgParams, pageOf, Timestamp } from '../shared.schemas.js';

export const InviteSchema = z
  .object({
    id: z.string().openapi({ example: 'inv_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    email: z.string().openapi({ example: 'grace@example.com' }),
    role: AssignableRoleSchema,
    state: z.enum(['pending', 'accepted', 'revoked', 'expired']),
    invitedBy: z.string().openapi({ description: 'The user who invited.' }),
    createdAt: Timestamp,
    expiresAt: Timestamp,
    acceptedAt: Timestamp.nullable(),
  })
  .openapi('Invite');

export const IssuedInviteSchema = z
  .object({
    invite: InviteSchema,
    acceptUrl: z.string().openapi({
      description:
        'The link the invitation mail carries, shown once (to pass on by hand when the instance sends no mail). Its token works once, for 7 days.',
    }),
    mailed: z.boolean().openapi({
      description:
        'Whether the link went out by mail. `false` when the instance has no `HEARBACK_SMTP_URL`: the link was only logged for the operator, so pass `acceptUrl` on yourself.',
    }),
    resent: z.boolean().openapi({
      description:
        'Whether an invitation already open (neither accepted nor revoked) was sent again, with a new link, 7 more days and the role asked now, rather than a new one made: its previous link no longer works. Always `true` from `…/resend`.',
    }),
  })
  .openapi('IssuedInvite');

export const InvitePageSchema = pageOf(InviteSchema, 'InvitePage');

export const InviteInputSchema = documentable(InviteInput).openapi('InviteInput');

export const InviteAcceptanceInputSchema = documentable(InviteAcceptanceInput).openapi('InviteAcceptanceInput');

export const InviteAcceptanceSchema = z.object({ orgId: z.string(), role: RoleSchema }).openapi('InviteAcceptance');

export const InvitePreviewSchema = z
  .object({
    organization: z
      .object({ name: z.string().openapi({ example: 'Acme' }) })
      .openapi({ description: 'The organization the invitation is to: its name only.' }),
    role: AssignableRoleSchema,
    email: z.string().openapi({
      example: 'grace@example.com',
      description: 'The invited address, in full: accepting needs a session of exactly this address.',
    }),
    invitedBy: z
      .object({ name: z.string().openapi({ example: 'Ann' }) })
      .nullable()
      .openapi({ description: "Who invited: their display name; null when the inviter's account is gone." }),
    expiresAt: Timestamp,
  })
  .openapi('InvitePreview');

export const InviteParams = OrgParams.extend({
  inviteId: z.string().openapi({ param: { name: 'inviteId', in: 'path' }, example: 'inv_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
