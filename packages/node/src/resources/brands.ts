import type { Brand, BrandDeletion, BrandInput, PageQuery } from '@hearback/client';
import { Paginator } from '../pagination.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/** Brands: group inboxes (and brand-scoped API keys) of one organization. */
export class BrandsResource {
  constructor(private readonly context: ResourceContext) {}

  list(query: PageQuery = {}, options?: RequestOptions): Paginator<Brand> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId };
      return this.context.call(
        'listBrands',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/brands', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  async create(input: BrandInput, options?: RequestOptions): Promise<Brand> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'createBrand',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/brands', { params: { path }, body: input, ...attempt }),
      options,
    );
  }

  async get(brandId: string, options?: RequestOptions): Promise<Brand> {
    const path = { orgId: this.context.orgId, brandId };
    return this.context.call(
      'getBrand',
      (attempt) => this.context.client.GET('/organizations/{orgId}/brands/{brandId}', { params: { path }, ...attempt }),
      options,
    );
  }

  async update(brandId: string, input: BrandInput, options?: RequestOptions): Promise<Brand> {
    const path = { orgId: this.context.orgId, brandId };
    return this.context.call(
      'updateBrand',
      (attempt) =>
        this.context.client.PATCH('/organizations/{orgId}/brands/{brandId}', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  /** Deletes the brand and the API keys scoped to it; resolves to how many keys went with it. */
  async delete(brandId: string, options?: RequestOptions): Promise<BrandDeletion> {
    const path = { orgId: this.context.orgId, brandId };
    return this.context.call(
      'deleteBrand',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}/brands/{brandId}', { params: { path }, ...attempt }),
      options,
    );
  }
}
