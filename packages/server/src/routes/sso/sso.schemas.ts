import { z } from '@hono/zod-openapi';
import { EMAIL_DOMAIN_MAX_LENGTH, EMAIL_DOMAIN_PATTERN, isAcceptableIssuer } from '../../domain/sso.js';
import { writeInput } from '../../domain/write-input.js';
import { AssignableRoleSchema } from '../members/members.schemas.js';
import { OrgParams, Timestamp } from '../shared.schemas.js';

const EmailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_DOMAIN_MAX_LENGTH)
  .regex(EMAIL_DOMAIN_PATTERN, { message: 'Expected a domain name such as acme.com.' })
  .openapi({ example: 'acme.com' });

export const SsoInputSchema = writeInput({
  issuer: z
    .string()
    .refine(isAcceptableIssuer, 'Expected the provider’s https issuer URL (http only on localhost).')
    .openapi({
      description: 'The OpenID Connect issuer; its `/.well-known/openid-configuration` is read at each sign-in.',
      example: 'https://login.acme.com',
    }),
  clientId: z.string().min(1).max(500).openapi({ example: 'hearback' }),
  clientSecret: z.string().min(1).max(2000).openapi({
    description: 'Write-only: sealed with the server secret at rest and never returned.',
    example: 'provider-issued-secret',
  }),
  emailDomains: z
    .array(EmailDomainSchema)
    .min(1)
    .max(50)
    .openapi({ description: 'The email domains whose people sign in through this provider, once verified.' }),
  // The role of a person who joins by signing in (a plain reference: the fuzzer reads no `allOf`).
  defaultRole: AssignableRoleSchema,
}).openapi('SsoInput', {
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
  domain: EmailDomainSchema.openapi({ param: { name: 'domain', in: 'path' }, example: 'acme.com' }),
});

export const SsoRemovalSchema = z.object({ removed: z.literal(true) }).openapi('SsoRemoval');
