import { MemberUpdateInputSchema, OwnershipTransferInputSchema } from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { RoleSchema } from '../account/account.schemas.js';
import { documentable, OrgParams, Timestamp } from '../shared.schemas.js';

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

// Named `AssignableRole` in the document by its own metadata: it is nested in several inputs.
export { AssignableRoleSchema } from '@hearback/inputs';

export const MemberUpdateSchema = documentable(MemberUpdateInputSchema).openapi('MemberUpdate');

export const OwnershipTransferSchema = documentable(OwnershipTransferInputSchema).openapi('OwnershipTransfer');

export const MemberRemovalSchema = z.object({ userId: z.string(), removed: z.literal(true) }).openapi('MemberRemoval');

export const OrganizationLeaveSchema = z
  .object({
    orgId: z.string().openapi({ example: 'org_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    userId: z.string().openapi({ example: 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    left: z.literal(true),
  })
  .openapi('OrganizationLeave');

export const MemberParams = OrgParams.extend({
  userId: z.string().openapi({ param: { name: 'userId', in: 'path' }, example: 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
});
