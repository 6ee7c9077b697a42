import type {
  AssignableRole,
  Invite,
  InviteInput,
  IssuedInvite,
  Member,
  MemberRemoval,
  OrganizationLeave,
  PageQuery,
} from '@hearback/client';
import { Paginator } from '../pagination.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/**
 * The organization's members and invitations. Listing members takes `read` (not a brand-scoped
 * key: people are the organization's); the rest is for a signed-in admin or owner (`session`): no
 * API key manages people. Any signed-in member but the owner may {@link MembersResource.leave}.
 *
 * @example
 * const { acceptUrl } = await hearback.members.invite({ email: 'grace@example.com', role: 'member' });
 * for (const member of await hearback.members.list()) console.log(member.email, member.role);
 */
export class MembersResource {
  constructor(private readonly context: ResourceContext) {}

  async list(options?: RequestOptions): Promise<Member[]> {
    const path = { orgId: this.context.orgId };
    const { data } = await this.context.call(
      'listMembers',
      (attempt) => this.context.client.GET('/organizations/{orgId}/members', { params: { path }, ...attempt }),
      options,
    );
    return data;
  }

  /** Gives a member another role (`viewer`, `member`, `admin`). */
  async setRole(userId: string, role: AssignableRole, options?: RequestOptions): Promise<Member> {
    const path = { orgId: this.context.orgId, userId };
    return this.context.call(
      'updateMember',
      (attempt) =>
        this.context.client.PATCH('/organizations/{orgId}/members/{userId}', {
          params: { path },
          body: { role },
          ...attempt,
        }),
      options,
    );
  }

  async remove(userId: string, options?: RequestOptions): Promise<MemberRemoval> {
    const path = { orgId: this.context.orgId, userId };
    return this.context.call(
      'removeMember',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}/members/{userId}', { params: { path }, ...attempt }),
      options,
    );
  }

  /** Hands the organization to another member (the owner only); the owner becomes an admin. */
  async transferOwnership(userId: string, options?: RequestOptions): Promise<Member> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'transferOwnership',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/transfer-ownership', {
          params: { path },
          body: { userId },
          ...attempt,
        }),
      options,
    );
  }

  /**
   * The signed-in person leaves the organization (`session` only: an API key gets 403 `forbidden`).
   * The owner is refused with 409 `conflict` until they transfer ownership.
   */
  async leave(options?: RequestOptions): Promise<OrganizationLeave> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'leaveOrganization',
      (attempt) => this.context.client.POST('/organizations/{orgId}/leave', { params: { path }, ...attempt }),
      options,
    );
  }

  /** Invites an email with a role; the link is mailed (or logged: `mailed` says which) and returned once as `acceptUrl`. */
  async invite(input: InviteInput, options?: RequestOptions): Promise<IssuedInvite> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'createInvite',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/invites', { params: { path }, body: input, ...attempt }),
      options,
    );
  }

  invites(query: PageQuery = {}, options?: RequestOptions): Paginator<Invite> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId };
      return this.context.call(
        'listInvites',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/invites', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  /** A new link valid 7 more days; the old one stops working. */
  async resendInvite(inviteId: string, options?: RequestOptions): Promise<IssuedInvite> {
    const path = { orgId: this.context.orgId, inviteId };
    return this.context.call(
      'resendInvite',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/invites/{inviteId}/resend', { params: { path }, ...attempt }),
      options,
    );
  }

  async revokeInvite(inviteId: string, options?: RequestOptions): Promise<Invite> {
    const path = { orgId: this.context.orgId, inviteId };
    return this.context.call(
      'revokeInvite',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}/invites/{inviteId}', { params: { path }, ...attempt }),
      options,
    );
  }
}
