import type { SsoConnection, SsoDomain, SsoInput } from '@hearback/client';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/**
 * Single sign-on (OpenID Connect) of the organization, on the enterprise plan: for a signed-in
 * admin or owner (`session`). People then sign in at `GET /auth/sso/start?email=…` in a browser.
 *
 * @example
 * const sso = await hearback.sso.put({ issuer: 'https://login.acme.com', clientId: 'hearback',
 *   clientSecret: '…', emailDomains: ['acme.com'], defaultRole: 'member' });
 * // Publish sso.emailDomains[0].record as a TXT record, then:
 * await hearback.sso.verifyDomain('acme.com');
 */
export class SsoResource {
  constructor(private readonly context: ResourceContext) {}

  async get(options?: RequestOptions): Promise<SsoConnection> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'getSso',
      (attempt) => this.context.client.GET('/organizations/{orgId}/sso', { params: { path }, ...attempt }),
      options,
    );
  }

  /** Sets the provider and the email domains (replacing both); the client secret is never returned. */
  async put(input: SsoInput, options?: RequestOptions): Promise<SsoConnection> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'putSso',
      (attempt) => this.context.client.PUT('/organizations/{orgId}/sso', { params: { path }, body: input, ...attempt }),
      options,
    );
  }

  async delete(options?: RequestOptions): Promise<void> {
    const path = { orgId: this.context.orgId };
    await this.context.call(
      'deleteSso',
      (attempt) => this.context.client.DELETE('/organizations/{orgId}/sso', { params: { path }, ...attempt }),
      options,
    );
  }

  /** Checks the domain's DNS TXT record; throws `domain_verification_failed` (422) until it is published. */
  async verifyDomain(domain: string, options?: RequestOptions): Promise<SsoDomain> {
    const path = { orgId: this.context.orgId, domain };
    return this.context.call(
      'verifySsoDomain',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/sso/domains/{domain}/verify', {
          params: { path },
          ...attempt,
        }),
      options,
    );
  }
}
