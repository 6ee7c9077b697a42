import { z } from 'zod';
import { AssignableRoleSchema } from './team-input.js';
import { type ParsedUrl, WebUrl } from './web-url.js';
import { writeInput } from './write-input.js';

/**
 * Whether an issuer may be reached over plain http: only on this machine (a provider run for
 * development or tests); anywhere else its discovery, keys and tokens must come over https.
 */
export function issuerMayUseHttp(issuer: Pick<ParsedUrl, 'hostname'>): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

/** An issuer URL we accept: https, or http on loopback; no credentials, query or fragment. */
export function isAcceptableIssuer(value: string): boolean {
  if (!WebUrl.canParse(value)) return false;
  const url = new WebUrl(value);
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && issuerMayUseHttp(url));
}

/**
 * A DNS domain name an email address may end in (lower case, at least two labels); at most
 * {@link EMAIL_DOMAIN_MAX_LENGTH} characters. No lookahead: the contract fuzzer draws from it.
 */
export const EMAIL_DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const EMAIL_DOMAIN_MAX_LENGTH = 253;

/** An email domain of an SSO connection, as given (trimmed, lower-cased). */
export const EmailDomainSchema = z
  .string()
  .trim()
  .toLowerCase()
  .max(EMAIL_DOMAIN_MAX_LENGTH)
  .regex(EMAIL_DOMAIN_PATTERN, { message: 'Expected a domain name such as acme.com.' })
  .meta({ example: 'acme.com' });

/** `PUT /organizations/{orgId}/sso`: the organization's OpenID Connect provider. */
export const SsoInputSchema = writeInput({
  issuer: z
    .string()
    .refine(isAcceptableIssuer, 'Expected the provider’s https issuer URL (http only on localhost).')
    .meta({
      description: 'The OpenID Connect issuer; its `/.well-known/openid-configuration` is read at each sign-in.',
      example: 'https://login.acme.com',
    }),
  clientId: z.string().min(1).max(500).meta({ example: 'hearback' }),
  clientSecret: z.string().min(1).max(2000).meta({
    description: 'Write-only: sealed with the server secret at rest and never returned.',
    example: 'provider-issued-secret',
  }),
  emailDomains: z
    .array(EmailDomainSchema)
    .min(1)
    .max(50)
    .meta({ description: 'The email domains whose people sign in through this provider, once verified.' }),
  // The role of a person who joins by signing in (a plain reference: the fuzzer reads no `allOf`).
  defaultRole: AssignableRoleSchema,
});

export type SsoInput = z.input<typeof SsoInputSchema>;
