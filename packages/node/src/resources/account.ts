import type { Account, InviteAcceptance, InvitePreview, MyOrganization, OrganizationCreate } from '@hearback/client';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/**
 * What a signed-in person does outside one organization (needs `session`, not an API key):
 * see their organizations, create one, accept an invitation.
 *
 * @example
 * const hearback = new Hearback({ session: 'hearback.session_token=…', baseUrl });
 * const { organizations } = await hearback.account.get();
 */
export class AccountResource {
  constructor(private readonly context: ResourceContext) {}

  async get(options?: RequestOptions): Promise<Account> {
    return this.context.call('getAccount', (attempt) => this.context.client.GET('/account', attempt), options);
  }

  /** Creates an organization whose owner is the signed-in person. */
  async createOrganization(input: OrganizationCreate, options?: RequestOptions): Promise<MyOrganization> {
    return this.context.call(
      'createOrganization',
      (attempt) => this.context.client.POST('/organizations', { body: input, ...attempt }),
      options,
    );
  }

  /**
   * Reads an invitation by the `token` of its link without accepting it (no session or key needed):
   * the organization's name, the role, the invited address, the inviter's name and the expiry.
   * A token that cannot be accepted (unknown, used, revoked, expired) is a 404 `not_found`.
   */
  async previewInvite(token: string, options?: RequestOptions): Promise<InvitePreview> {
    return this.context.call(
      'previewInvite',
      (attempt) => this.context.client.POST('/invites/preview', { body: { token }, ...attempt }),
      options,
    );
  }

  /** Accepts an invitation (the `token` of its link) as the signed-in person, who must hold the invited email. */
  async acceptInvite(token: string, options?: RequestOptions): Promise<InviteAcceptance> {
    return this.context.call(
      'acceptInvite',
      (attempt) => this.context.client.POST('/invites/accept', { body: { token }, ...attempt }),
      options,
    );
  }
}
