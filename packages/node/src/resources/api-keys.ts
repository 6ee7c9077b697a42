import type { ApiKey, ApiKeyCreate, ApiKeyUpdate, CreatedApiKey, PageQuery } from '@hearback/client';
import { Paginator } from '../pagination.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/** API keys of the organization. A key can only create keys with scopes it holds itself. */
export class ApiKeysResource {
  constructor(private readonly context: ResourceContext) {}

  /**
   * The key making the request (never its secret): its organization, brand and scopes. Any valid
   * key may call it, and it needs no `orgId`: start here when all you have is a key.
   *
   * @example
   * const { orgId, scopes } = await new Hearback({ apiKey, baseUrl }).apiKeys.current();
   */
  async current(options?: RequestOptions): Promise<ApiKey> {
    return this.context.call('getCurrentApiKey', (attempt) => this.context.client.GET('/me', attempt), options);
  }

  list(query: PageQuery = {}, options?: RequestOptions): Paginator<ApiKey> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId };
      return this.context.call(
        'listApiKeys',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/api-keys', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  /**
   * A new key; its `secret` is in this answer only, so store it now.
   *
   * @example
   * const { secret } = await hearback.apiKeys.create({ name: 'Checkout widget', scopes: ['collect'] });
   */
  async create(input: ApiKeyCreate, options?: RequestOptions): Promise<CreatedApiKey> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'createApiKey',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/api-keys', { params: { path }, body: input, ...attempt }),
      options,
    );
  }

  async get(keyId: string, options?: RequestOptions): Promise<ApiKey> {
    const path = { orgId: this.context.orgId, keyId };
    return this.context.call(
      'getApiKey',
      (attempt) => this.context.client.GET('/organizations/{orgId}/api-keys/{keyId}', { params: { path }, ...attempt }),
      options,
    );
  }

  async update(keyId: string, input: ApiKeyUpdate, options?: RequestOptions): Promise<ApiKey> {
    const path = { orgId: this.context.orgId, keyId };
    return this.context.call(
      'updateApiKey',
      (attempt) =>
        this.context.client.PATCH('/organizations/{orgId}/api-keys/{keyId}', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  /** Revokes the key from the next request on; revoking a revoked key returns it unchanged. */
  async revoke(keyId: string, options?: RequestOptions): Promise<ApiKey> {
    const path = { orgId: this.context.orgId, keyId };
    return this.context.call(
      'revokeApiKey',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/api-keys/{keyId}/revoke', { params: { path }, ...attempt }),
      options,
    );
  }
}
