import { OrganizationCreateInputSchema } from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { ROLES } from '../../domain/roles.js';
import { writeInput } from '../../domain/write-input.js';
import { PLAN_NAMES } from '../../services/plans.js';
import { ServerFeaturesSchema } from '../identity/identity.schemas.js';
import { OrganizationSchema } from '../organizations/organizations.schemas.js';
import { documentable } from '../shared.schemas.js';

export const RoleSchema = z.enum(ROLES).openapi('Role', {
  description:
    '`viewer` reads; `member` also triages (status, assignee, notes, links); `admin` also manages inboxes, brands, keys, pages, automations and members; `owner` also deletes the organization and transfers it.',
});

export const OrganizationSummarySchema = OrganizationSchema.omit({ usage: true }).openapi('OrganizationSummary');

export const MyOrganizationSchema = z
  .object({ organization: OrganizationSummarySchema, role: RoleSchema })
  .openapi('MyOrganization');

export const UserSchema = z
  .object({
    id: z.string().openapi({ example: 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    name: z.string().openapi({ example: 'Ada Lovelace' }),
    email: z.string().openapi({ example: 'ada@example.com' }),
    emailVerified: z.boolean(),
    instanceAdmin: z.boolean().openapi({ description: 'Administers this Hearback instance (sets plans).' }),
  })
  .openapi('User');

export const AccountSchema = z
  .object({
    user: UserSchema,
    organizations: z.array(MyOrganizationSchema).openapi({ description: 'Every organization the user belongs to.' }),
    features: ServerFeaturesSchema,
  })
  .openapi('Account');

export const OrganizationCreateSchema = documentable(OrganizationCreateInputSchema).openapi('OrganizationCreate');

export const OrganizationDeletionInputSchema = writeInput({
  confirm: z.string().openapi({ description: "The organization's slug, typed to confirm.", example: 'acme' }),
}).openapi('OrganizationDeletionInput');

export const OrganizationDeletionSchema = z
  .object({ id: z.string().openapi({ example: 'org_01jd3x2k9v6c4h8m2n5p7q1r3s' }), deleted: z.literal(true) })
  .openapi('OrganizationDeletion');

export const PlanInputSchema = writeInput({ plan: z.enum(PLAN_NAMES) }).openapi('PlanInput');
