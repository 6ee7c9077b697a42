import type { Organization, OrganizationDeletion, OrganizationUpdate, Plan } from '@hearback/client';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/** The organization the client's `orgId` names, with its plan and this month's usage. */
export class OrganizationResource {
  constructor(private readonly context: ResourceContext) {}

  async get(options?: RequestOptions): Promise<Organization> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'getOrganization',
      (attempt) => this.context.client.GET('/organizations/{orgId}', { params: { path }, ...attempt }),
      options,
    );
  }

  async update(input: OrganizationUpdate, options?: RequestOptions): Promise<Organization> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'updateOrganization',
      (attempt) => this.context.client.PATCH('/organizations/{orgId}', { params: { path }, body: input, ...attempt }),
      options,
    );
  }

  /**
   * Deletes the organization and everything in it (its owner, signed in: see `session`).
   * `confirm` must be its slug.
   */
  async delete(confirm: string, options?: RequestOptions): Promise<OrganizationDeletion> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'deleteOrganization',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}', { params: { path }, body: { confirm }, ...attempt }),
      options,
    );
  }

  /** Sets the plan (an instance administrator, signed in: see `session`). */
  async setPlan(plan: Plan, options?: RequestOptions): Promise<Organization> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'setOrganizationPlan',
      (attempt) =>
        this.context.client.PATCH('/organizations/{orgId}/plan', { params: { path }, body: { plan }, ...attempt }),
      options,
    );
  }
}
