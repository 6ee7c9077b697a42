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

// The issuer and email domain rules belong to the SSO input (@hearback/inputs).
export {
  EMAIL_DOMAIN_MAX_LENGTH,
  EMAIL_DOMAIN_PATTERN,
  isAcceptableIssuer,
  issuerMayUseHttp,
} from '@hearback/inputs';
