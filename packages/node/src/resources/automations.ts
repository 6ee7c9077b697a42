import type {
  Automation,
  AutomationDeletion,
  AutomationInput,
  AutomationPreview,
  AutomationPreviewInput,
  AutomationTestInput,
  AutomationTestResult,
  AutomationUpdate,
  AutomationWithSecret,
  Delivery,
  PageQuery,
  RedeliverFailedResult,
} from '@hearback/client';
import { Paginator } from '../pagination.js';
import type { RequestOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';

/** Automations: an organization's events, filtered, delivered to a webhook signed with Standard Webhooks. */
export class AutomationsResource {
  constructor(private readonly context: ResourceContext) {}

  list(query: PageQuery = {}, options?: RequestOptions): Paginator<Automation> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId };
      return this.context.call(
        'listAutomations',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/automations', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  /**
   * A new automation; keep its `signingSecret` (shown only in this answer) to verify deliveries.
   *
   * @example
   * const { id, signingSecret } = await hearback.automations.create({
   *   name: 'Detractors', events: ['feedback.created'], filter: { type: 'nps', scoreMax: 6 },
   *   webhook: { url: 'https://hooks.example.com/hearback', body: { text: '{{feedback.comment}}' } },
   * });
   */
  async create(input: AutomationInput, options?: RequestOptions): Promise<AutomationWithSecret> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'createAutomation',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/automations', { params: { path }, body: input, ...attempt }),
      options,
    );
  }

  async get(automationId: string, options?: RequestOptions): Promise<Automation> {
    const path = { orgId: this.context.orgId, automationId };
    return this.context.call(
      'getAutomation',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/automations/{automationId}', { params: { path }, ...attempt }),
      options,
    );
  }

  /** Changes the members given; `{ enabled: true }` also clears why the server disabled it. */
  async update(automationId: string, input: AutomationUpdate, options?: RequestOptions): Promise<Automation> {
    const path = { orgId: this.context.orgId, automationId };
    return this.context.call(
      'updateAutomation',
      (attempt) =>
        this.context.client.PATCH('/organizations/{orgId}/automations/{automationId}', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  async delete(automationId: string, options?: RequestOptions): Promise<AutomationDeletion> {
    const path = { orgId: this.context.orgId, automationId };
    return this.context.call(
      'deleteAutomation',
      (attempt) =>
        this.context.client.DELETE('/organizations/{orgId}/automations/{automationId}', {
          params: { path },
          ...attempt,
        }),
      options,
    );
  }

  /** A new signing secret, shown only in this answer; the previous one stops signing at once. */
  async rotateSigningSecret(automationId: string, options?: RequestOptions): Promise<AutomationWithSecret> {
    const path = { orgId: this.context.orgId, automationId };
    return this.context.call(
      'rotateAutomationSigningSecret',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/automations/{automationId}/rotate-signing-secret', {
          params: { path },
          ...attempt,
        }),
      options,
    );
  }

  /** The automation's deliveries, newest first, each with its attempts (status, latency, the answer's start). */
  deliveries(automationId: string, query: PageQuery = {}, options?: RequestOptions): Paginator<Delivery> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId, automationId };
      return this.context.call(
        'listDeliveries',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/automations/{automationId}/deliveries', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  /** Sends a delivery again now, with the same `webhook-id`. */
  async redeliver(automationId: string, deliveryId: string, options?: RequestOptions): Promise<Delivery> {
    const path = { orgId: this.context.orgId, automationId, deliveryId };
    return this.context.call(
      'redeliverDelivery',
      (attempt) =>
        this.context.client.POST(
          '/organizations/{orgId}/automations/{automationId}/deliveries/{deliveryId}/redeliver',
          {
            params: { path },
            ...attempt,
          },
        ),
      options,
    );
  }

  /** Sends again every delivery of the automation that failed since `since` (ISO 8601); answers how many. */
  async redeliverFailed(
    automationId: string,
    query: { since: string },
    options?: RequestOptions,
  ): Promise<RedeliverFailedResult> {
    const path = { orgId: this.context.orgId, automationId };
    return this.context.call(
      'redeliverFailedDeliveries',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/automations/{automationId}/redeliver-failed', {
          params: { path, query },
          ...attempt,
        }),
      options,
    );
  }

  /**
   * The request an automation would send for an event type's sample, rendered by the server as a
   * delivery is: secrets masked, `webhook-signature` a placeholder. Nothing is stored or sent.
   *
   * @example
   * const { request, warnings } = await hearback.automations.preview({
   *   events: ['feedback.created'],
   *   webhook: { url: 'https://hooks.example.com/hearback', body: { text: '{{feedback.comment}}' } },
   * });
   */
  async preview(input: AutomationPreviewInput, options?: RequestOptions): Promise<AutomationPreview> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'previewAutomation',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/automations/preview', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  /**
   * Sends an event type's sample to the automation's webhook now, signed, and answers the request
   * (secrets masked) and its `outcome`, whatever the receiver answered. Not in the delivery log.
   *
   * @example
   * const { outcome } = await hearback.automations.test(automation.id, { event: 'feedback.created' });
   * if (outcome.kind !== 'response') console.warn(outcome.error); // else outcome.status
   */
  async test(
    automationId: string,
    input: AutomationTestInput = {},
    options?: RequestOptions,
  ): Promise<AutomationTestResult> {
    const path = { orgId: this.context.orgId, automationId };
    return this.context.call(
      'testAutomation',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/automations/{automationId}/test', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }
}
