import { ASSIGNABLE_ROLES } from '@hearback/spec';
import { z } from 'zod';
import { idSchema } from './ids.js';
import { writeInput } from './write-input.js';

/** A role an admin may give (a component of the API document). */
export const AssignableRoleSchema = z.enum(ASSIGNABLE_ROLES).meta({
  id: 'AssignableRole',
  description: 'A role an admin may give; `owner` passes only by a transfer.',
});

/** `POST /organizations/{orgId}/invites`. */
export const InviteInputSchema = writeInput({
  email: z.email().max(320).meta({ example: 'grace@example.com' }),
  role: AssignableRoleSchema,
});

/** `POST /invites/accept`. */
export const InviteAcceptanceInputSchema = writeInput({
  token: z.string().min(1).max(200).meta({ description: 'The `token` of the invitation link.' }),
});

/** `PATCH …/members/{userId}`: another role. */
export const MemberUpdateInputSchema = writeInput({ role: AssignableRoleSchema });

/** `POST …/transfer-ownership`. */
export const OwnershipTransferInputSchema = writeInput({
  userId: idSchema('user')
    .meta({ example: 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s' })
    .meta({ description: 'The member who becomes owner.' }),
});

export type InviteInput = z.input<typeof InviteInputSchema>;
export type MemberUpdateInput = z.input<typeof MemberUpdateInputSchema>;
export type OwnershipTransferInput = z.input<typeof OwnershipTransferInputSchema>;
