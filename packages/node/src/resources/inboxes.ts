import type { Inbox, InboxCreate, InboxDeletion, InboxUpdate, PageQuery } from '@hearback/client';
import { Paginator } from '../pagination.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/** Inboxes: where `/collect` submissions land, each addressed by its public `inboxKey`. */
export class InboxesResource {
  constructor(private readonly context: ResourceContext) {}

  list(query: PageQuery = {}, options?: RequestOptions): Paginator<Inbox> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId };
      return this.context.call(
        'listInboxes',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/inboxes', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  /**
   * A new inbox; the plan's inbox allowance applies (`inbox_limit_reached`).
   *
   * @example
   * const { inboxKey } = await hearback.inboxes.create({ name: 'Checkout widget' });
   */
  async create(input: InboxCreate, options?: RequestOptions): Promise<Inbox> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'createInbox',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/inboxes', { params: { path }, body: input, ...attempt }),
      options,
    );
  }

  async get(inboxId: string, options?: RequestOptions): Promise<Inbox> {
    const path = { orgId: this.context.orgId, inboxId };
    return this.context.call(
      'getInbox',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/inboxes/{inboxId}', { params: { path }, ...attempt }),
      options,
    );
  }

  async update(inboxId: string, input: InboxUpdate, options?: RequestOptions): Promise<Inbox> {
    const path = { orgId: this.context.orgId, inboxId };
    return this.context.call(
      'updateInbox',
      (attempt) =>
        this.context.client.PATCH('/organizations/{orgId}/inboxes/{inboxId}', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  /** Deletes the inbox and its feedback; resolves to how many feedback items went with it. */
  async delete(inboxId: string, options?: RequestOptions): Promise<InboxDeletion> {
    const path = { orgId: this.context.orgId, inboxId };
    return this.context.call(
      'deleteInbox',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}/inboxes/{inboxId}', { params: { path }, ...attempt }),
      options,
    );
  }
}
