import type { Organization, OrganizationUpdate } from '@hearback/client';
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
}
