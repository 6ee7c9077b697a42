import type { PageQuery, Secret, SecretInput } from '@hearback/client';
import { Paginator } from '../pagination.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/**
 * Organization secrets: named values webhook templates reference as `{{secrets.NAME}}`. The server
 * stores them encrypted and never returns a value: these methods answer names and times. They need
 * an organization-wide key with the `write` scope.
 */
export class SecretsResource {
  constructor(private readonly context: ResourceContext) {}

  list(query: PageQuery = {}, options?: RequestOptions): Paginator<Secret> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId };
      return this.context.call(
        'listSecrets',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/secrets', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  /** Adds a secret; throws `conflict` (409) when one of that name exists (use {@link put} to replace it). */
  async create(input: SecretInput, options?: RequestOptions): Promise<Secret> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'createSecret',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/secrets', { params: { path }, body: input, ...attempt }),
      options,
    );
  }

  /**
   * Sets the value of secret `name`, creating it when absent.
   *
   * @example
   * await hearback.secrets.put('SLACK_TOKEN', 'xoxb-…');
   */
  async put(name: string, value: string, options?: RequestOptions): Promise<Secret> {
    const path = { orgId: this.context.orgId, name };
    return this.context.call(
      'putSecret',
      (attempt) =>
        this.context.client.PUT('/organizations/{orgId}/secrets/{name}', {
          params: { path },
          body: { value },
          ...attempt,
        }),
      options,
    );
  }

  async delete(name: string, options?: RequestOptions): Promise<void> {
    const path = { orgId: this.context.orgId, name };
    await this.context.call(
      'deleteSecret',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}/secrets/{name}', { params: { path }, ...attempt }),
      options,
    );
  }
}
