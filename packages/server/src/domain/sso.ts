import type { AssignableRole } from './roles.js';

/** The DNS name whose TXT record proves an organization holds `domain`. */
export function verificationRecordName(domain: string): string {
  return `_hearback.${domain}`;
}

/** The TXT value that proves it: the organization's token for the domain. */
export function verificationRecordValue(token: string): string {
  return `hearback-verification=${token}`;
}

/** The domain of an email address, lower case (`''` when it has none). */
export function emailDomainOf(email: string): string {
  const at = email.lastIndexOf('@');
  return at < 0 ? '' : email.slice(at + 1).toLowerCase();
}

/** An email domain an organization's SSO vouches for; `verifiedAt` null until its record is found. */
export interface SsoDomain {
  domain: string;
  verifiedAt: string | null;
  /** The TXT record to publish. */
  record: { name: string; value: string };
}

/** An organization's OpenID Connect provider as the API shows it (never its client secret). */
export interface SsoConnection {
  issuer: string;
  clientId: string;
  defaultRole: AssignableRole;
  emailDomains: SsoDomain[];
  /** Where the provider must send people back (register it with the provider). */
  redirectUri: string;
  createdAt: string;
  updatedAt: string;
}

/**
 * Whether an issuer may be reached over plain http: only on this machine (a provider run for
 * development or tests); anywhere else its discovery, keys and tokens must come over https.
 */
export function issuerMayUseHttp(issuer: URL): boolean {
  return ['localhost', '127.0.0.1', '[::1]'].includes(issuer.hostname);
}

/** An issuer URL we accept: https, or http on loopback; no credentials, query or fragment. */
export function isAcceptableIssuer(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.username || url.password || url.search || url.hash) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && issuerMayUseHttp(url));
}

/**
 * A DNS domain name an email address may end in (lower case, at least two labels); at most
 * {@link EMAIL_DOMAIN_MAX_LENGTH} characters. No lookahead: the contract fuzzer draws from it.
 */
export const EMAIL_DOMAIN_PATTERN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/;
export const EMAIL_DOMAIN_MAX_LENGTH = 253;
