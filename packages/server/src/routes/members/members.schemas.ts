import { z } from '@hono/zod-openapi';
import { ASSIGNABLE_ROLES } from '../../domain/roles.js';
import { writeInput } from '../../domain/write-input.js';
import { RoleSchema } from '../account/account.schemas.js';
import { idOf, OrgParams, Timestamp } from '../shared.schemas.js';

export const MemberSchema = z
  .object({
    userId: z.string().openapi({ example: 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    name: z.string().openapi({ example: 'Ada Lovelace' }),
    email: z.string().openapi({ example: 'ada@example.com' }),
    role: RoleSchema,
    joinedAt: Timestamp,
  })
  .openapi('Member');

export const MemberListSchema = z.object({ data: z.array(MemberSchema) }).openapi('MemberList');

export const AssignableRoleSchema = z.enum(ASSIGNABLE_ROLES).openapi('AssignableRole', {
  description: 'A role an admin may give; `owner` passes only by a transfer.',
});

export const MemberUpdateSchema = writeInput({ role: AssignableRoleSchema }).openapi('MemberUpdate');

export const OwnershipTransferSchema = writeInput({
  userId: idOf('user', 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s').openapi({ description: 'The member who becomes owner.' }),
}).openapi('OwnershipTransfer');

export const MemberRemovalSchema = z.object({ userId: z.string(), removed: z.literal(true) }).openapi('MemberRemoval');

export const MemberParams = OrgParams.extend({
  userId: z.string().openapi({ param: { name: 'userId', in: 'path' }, example: 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
