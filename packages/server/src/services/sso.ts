import { randomBytes } from 'node:crypto';
import type { Principal } from '../domain/api-key.js';
import type { AssignableRole } from '../domain/roles.js';
import {
  emailDomainOf,
  type SsoConnection,
  type SsoDomain,
  verificationRecordName,
  verificationRecordValue,
} from '../domain/sso.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { nowIso } from '../lib/time.js';
import { openSsoClientSecret, sealSsoClientSecret } from '../secrets/sealed-values.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import { type StoredSsoConnection, type StoredSsoDomain, VERIFIED_DOMAIN_INDEX } from '../storage/repositories/sso.js';
import type { Store } from '../storage/store.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { recordAudit } from './audit.js';
import { requirePlanFeature } from './plan-features.js';
import { PLANS } from './plans.js';

/** Reads the TXT records of a DNS name (each record as its strings); `node:dns` in production. */
export type ResolveTxt = (name: string) => Promise<string[][]>;

/** What an admin sends to configure single sign-on. */
export interface SsoInput {
  issuer: string;
  clientId: string;
  clientSecret: string;
  emailDomains: string[];
  defaultRole: AssignableRole;
}

/** The provider of the organization that verified an email's domain, ready to sign someone in. */
export interface SsoProvider {
  orgId: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  defaultRole: AssignableRole;
}

/** Where the provider sends people back: one URL for every organization (the state names it). */
export function ssoRedirectUri(baseUrl: string): string {
  return `${baseUrl}/auth/sso/callback`;
}

function publicDomain(row: StoredSsoDomain): SsoDomain {
  return {
    domain: row.domain,
    verifiedAt: row.verifiedAt,
    record: { name: verificationRecordName(row.domain), value: verificationRecordValue(row.token) },
  };
}

function domainClaimed(domain: string): ApiError {
  return new ApiError(409, 'domain_claimed', `${domain} is verified by another organization.`);
}

/**
 * Single sign-on per organization (enterprise plan): its OpenID Connect provider, the client secret
 * sealed before the store sees it, and the email domains it vouches for, each proven by a DNS TXT
 * record (`_hearback.<domain>`) before anyone of that domain may sign in through it. A domain is
 * verified by one organization at most.
 */
export function ssoService(store: Store, secrets: ServerSecrets, resolveTxt: ResolveTxt) {
  async function view(connection: StoredSsoConnection, baseUrl: string): Promise<SsoConnection> {
    const domains = await store.sso.domains(connection.orgId);
    return {
      issuer: connection.issuer,
      clientId: connection.clientId,
      defaultRole: connection.defaultRole,
      emailDomains: domains.map(publicDomain),
      redirectUri: ssoRedirectUri(baseUrl),
      createdAt: connection.createdAt,
      updatedAt: connection.updatedAt,
    };
  }

  return {
    async get(principal: Principal, baseUrl: string): Promise<SsoConnection> {
      await requirePlanFeature(store, principal.orgId, 'sso');
      const connection = await store.sso.find(principal.orgId);
      if (!connection) throw notFound('Single sign-on of this organization');
      return view(connection, baseUrl);
    },

    /**
     * Configures the provider and the domains (replacing both). A domain already listed keeps its
     * token and verification; a new one is pending; one verified by another organization is a 409.
     */
    async put(principal: Principal, input: SsoInput, baseUrl: string): Promise<SsoConnection> {
      await requirePlanFeature(store, principal.orgId, 'sso');
      const { orgId } = principal;
      const sealedClientSecret = sealSsoClientSecret(secrets, orgId, input.clientSecret);
      const wanted = [...new Set(input.emailDomains.map((domain) => domain.toLowerCase()))];
      const connection = await store.transaction(async (tx) => {
        const now = nowIso();
        const existing = await tx.sso.find(orgId);
        const stored: StoredSsoConnection = {
          orgId,
          issuer: input.issuer,
          clientId: input.clientId,
          sealedClientSecret,
          defaultRole: input.defaultRole,
          createdAt: existing?.createdAt ?? now,
          updatedAt: now,
        };
        await tx.sso.upsert(stored);
        const current = new Map((await tx.sso.domains(orgId)).map((row) => [row.domain, row]));
        for (const domain of current.keys()) if (!wanted.includes(domain)) await tx.sso.removeDomain(orgId, domain);
        for (const domain of wanted) {
          if (current.has(domain)) continue;
          const owner = await tx.sso.verifiedOwner(domain);
          if (owner && owner !== orgId) throw domainClaimed(domain);
          const token = randomBytes(16).toString('base64url');
          await tx.sso.insertDomain({ orgId, domain, token, createdAt: now, verifiedAt: null });
        }
        // Field names only: the client secret never reaches the log.
        await recordAudit(tx, principal, existing ? 'sso.updated' : 'sso.configured', orgId, {
          issuer: input.issuer,
          clientId: input.clientId,
          emailDomains: wanted,
          defaultRole: input.defaultRole,
        });
        return stored;
      });
      return view(connection, baseUrl);
    },

    async remove(principal: Principal): Promise<void> {
      await requirePlanFeature(store, principal.orgId, 'sso');
      await store.transaction(async (tx) => {
        if (!(await tx.sso.remove(principal.orgId))) throw notFound('Single sign-on of this organization');
        await recordAudit(tx, principal, 'sso.deleted', principal.orgId);
      });
    },

    /**
     * Looks up `_hearback.<domain>` and marks the domain verified when a TXT record holds its
     * token: 422 `domain_verification_failed` (saying what to publish) when none does, 409
     * `domain_claimed` when another organization verified it first.
     */
    async verifyDomain(principal: Principal, domainName: string): Promise<SsoDomain> {
      await requirePlanFeature(store, principal.orgId, 'sso');
      const domain = domainName.toLowerCase();
      const row = (await store.sso.domains(principal.orgId)).find((candidate) => candidate.domain === domain);
      if (!row) throw notFound('Email domain', domain);
      if (row.verifiedAt) return publicDomain(row);
      const name = verificationRecordName(domain);
      const expected = verificationRecordValue(row.token);
      const records = await resolveTxt(name).catch((): string[][] => []);
      if (!records.some((chunks) => chunks.join('') === expected)) {
        throw new ApiError(
          422,
          'domain_verification_failed',
          `No TXT record of ${name} holds ${expected}: publish it, then verify again (DNS changes may take a while to be seen).`,
        );
      }
      const at = nowIso();
      try {
        await store.transaction(async (tx) => {
          await tx.sso.markVerified(principal.orgId, domain, at);
          await recordAudit(tx, principal, 'sso.domain_verified', principal.orgId, { domain });
        });
      } catch (error) {
        if (isUniqueViolation(error, VERIFIED_DOMAIN_INDEX)) throw domainClaimed(domain);
        throw error;
      }
      return publicDomain({ ...row, verifiedAt: at });
    },

    /**
     * The provider that signs in `email`: the organization that verified its domain, if it has SSO
     * configured and its plan still has the feature.
     */
    async providerForEmail(email: string): Promise<SsoProvider | undefined> {
      const orgId = await store.sso.verifiedOwner(emailDomainOf(email));
      return orgId === undefined ? undefined : this.providerOf(orgId);
    },

    /** The organization's provider with its client secret opened, when SSO is available to it. */
    async providerOf(orgId: string): Promise<SsoProvider | undefined> {
      const [organization, connection] = await Promise.all([store.organizations.find(orgId), store.sso.find(orgId)]);
      if (!organization || !connection || !PLANS[organization.plan].features.sso) return undefined;
      return {
        orgId,
        issuer: connection.issuer,
        clientId: connection.clientId,
        clientSecret: openSsoClientSecret(secrets, orgId, connection.sealedClientSecret),
        defaultRole: connection.defaultRole,
      };
    },

    /** Whether `orgId` verified the domain of `email` (what the provider vouches for). */
    async vouchesFor(orgId: string, email: string): Promise<boolean> {
      return (await store.sso.verifiedOwner(emailDomainOf(email))) === orgId;
    },

    /** Makes a user who signed in through the organization's provider a member, with its default role. */
    async join(orgId: string, userId: string, role: AssignableRole): Promise<void> {
      await store.transaction(async (tx) => {
        if ((await tx.members.roleOf(orgId, userId)) !== undefined) return;
        await tx.members.insert(orgId, userId, role, nowIso());
        await recordAudit(tx, { orgId, actor: { type: 'user', id: userId } }, 'member.joined', userId, {
          role,
          via: 'sso',
        });
      });
    },
  };
}
