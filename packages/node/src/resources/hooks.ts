import type { RestHookInput, RestHookSample, RestHookWithSecret } from '@hearback/client';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/**
 * REST hooks (`hearback.hooks`): what an automation platform (Zapier, Make, n8n) subscribes to.
 * Each sends every event of one type in the organization to a URL, as the bare resource.
 */
export class HooksResource {
  constructor(private readonly context: ResourceContext) {}

  /**
   * Subscribes; the answer carries the hook's `signingSecret` this once, to verify its deliveries
   * with `verifyWebhook`.
   *
   * @example const hook = await hearback.hooks.subscribe({ event: 'feedback.created', targetUrl: 'https://…' });
   */
  async subscribe(input: RestHookInput, options?: RequestOptions): Promise<RestHookWithSecret> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'subscribeRestHook',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/hooks', { params: { path }, body: input, ...attempt }),
      options,
    );
  }

  /** Recent items of `event`, newest first, exactly as a hook for it receives them. */
  async sample(event: RestHookInput['event'], options?: RequestOptions): Promise<RestHookSample> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'getRestHookSample',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/hooks/sample', {
          params: { path, query: { event } },
          ...attempt,
        }),
      options,
    );
  }

  async unsubscribe(hookId: string, options?: RequestOptions): Promise<void> {
    const path = { orgId: this.context.orgId, hookId };
    await this.context.call(
      'unsubscribeRestHook',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}/hooks/{hookId}', { params: { path }, ...attempt }),
      options,
    );
  }
}
