import type { PageQuery, View, ViewDeletion, ViewInput, ViewUpdate } from '@hearback/client';
import { Paginator } from '../pagination.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/**
 * Saved views: named sets of feedback list filters, shared by the organization.
 *
 * @example
 * const view = await hearback.views.create({ name: 'Detractors', filters: { type: 'nps', scoreMax: 6 } });
 * for await (const item of hearback.feedback.list(view.filters)) console.log(item.comment);
 */
export class ViewsResource {
  constructor(private readonly context: ResourceContext) {}

  list(query: PageQuery = {}, options?: RequestOptions): Paginator<View> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId };
      return this.context.call(
        'listViews',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/views', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  /** Saves a view; a name the organization already uses rejects with `conflict` (409). */
  async create(input: ViewInput, options?: RequestOptions): Promise<View> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'createView',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/views', { params: { path }, body: input, ...attempt }),
      options,
    );
  }

  async get(viewId: string, options?: RequestOptions): Promise<View> {
    const path = { orgId: this.context.orgId, viewId };
    return this.context.call(
      'getView',
      (attempt) => this.context.client.GET('/organizations/{orgId}/views/{viewId}', { params: { path }, ...attempt }),
      options,
    );
  }

  /** Renames the view or replaces its filters (the filters given are the whole new set). */
  async update(viewId: string, input: ViewUpdate, options?: RequestOptions): Promise<View> {
    const path = { orgId: this.context.orgId, viewId };
    return this.context.call(
      'updateView',
      (attempt) =>
        this.context.client.PATCH('/organizations/{orgId}/views/{viewId}', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  async delete(viewId: string, options?: RequestOptions): Promise<ViewDeletion> {
    const path = { orgId: this.context.orgId, viewId };
    return this.context.call(
      'deleteView',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}/views/{viewId}', { params: { path }, ...attempt }),
      options,
    );
  }
}
