import { EmailDomainSchema, SsoInputSchema as SsoInput } from '@hearback/inputs';
import { z } from '@hono/zod-openapi';
import { AssignableRoleSchema } from '../members/members.schemas.js';
import { documentable, OrgParams, Timestamp } from '../shared.schemas.js';

export const SsoInputSchema = documentable(SsoInput).openapi('SsoInput', {
  description: 'A person of a verified domain who signs in for the first time joins with `defaultRole`.',
});

export const SsoDomainSchema = z
  .object({
    domain: z.string().openapi({ example: 'acme.com' }),
    verifiedAt: Timestamp.nullable().openapi({ description: 'Null while pending.' }),
    record: z
      .object({
        name: z.string().openapi({ example: '_hearback.acme.com' }),
        value: z.string().openapi({ example: 'hearback-verification=3q2vXk1w9T1s0VwV7d6Zbg' }),
      })
      .openapi({ description: 'The DNS TXT record that proves the organization holds the domain.' }),
  })
  .openapi('SsoDomain');

export const SsoConnectionSchema = z
  .object({
    issuer: z.string(),
    clientId: z.string(),
    defaultRole: AssignableRoleSchema,
    emailDomains: z.array(SsoDomainSchema),
    redirectUri: z.string().openapi({
      description: 'Register it with the provider as the client’s redirect URI.',
      example: 'https://feedback.acme.com/auth/sso/callback',
    }),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .openapi('SsoConnection');

export const SsoDomainParams = OrgParams.extend({
  domain: documentable(EmailDomainSchema).openapi({ param: { name: 'domain', in: 'path' }, example: 'acme.com' }),
});

export const SsoRemovalSchema = z.object({ removed: z.literal(true) }).openapi('SsoRemoval');
