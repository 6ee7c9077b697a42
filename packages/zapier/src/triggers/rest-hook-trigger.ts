import type { Bundle, ZObject } from 'zapier-platform-core';
import { organizationRequest } from '../api.js';

interface RestHook {
  id: string;
}

export interface RestHookTriggerOptions {
  key: string;
  noun: string;
  label: string;
  description: string;
  /** The Hearback event type the hook subscribes to (`feedback.created` …). */
  event: string;
  sample: Record<string, unknown>;
  outputFields: { key: string; label: string }[];
}

/**
 * An instant trigger on one Hearback event through REST hooks: turning the Zap on subscribes
 * Zapier's URL (`POST /organizations/{orgId}/hooks`), turning it off unsubscribes, each delivery
 * is the item itself (Hearback sends REST hooks the bare resource), and the sample while the user
 * sets the Zap up is the server's own recent items in that same shape (`GET …/hooks/sample`).
 */
export function restHookTrigger(options: RestHookTriggerOptions) {
  const { key, noun, label, description, event, sample, outputFields } = options;
  return {
    key,
    noun,
    display: { label, description },
    operation: {
      type: 'hook' as const,
      performSubscribe: (z: ZObject, bundle: Bundle) =>
        organizationRequest<RestHook>(z, bundle, '/hooks', {
          method: 'POST',
          body: { event, targetUrl: bundle.targetUrl },
        }),
      performUnsubscribe: async (z: ZObject, bundle: Bundle) => {
        const id = encodeURIComponent(bundle.subscribeData?.id ?? '');
        await organizationRequest(z, bundle, `/hooks/${id}`, { method: 'DELETE' });
        return { id: bundle.subscribeData?.id };
      },
      perform: (_z: ZObject, bundle: Bundle) => [bundle.cleanedRequest as Record<string, unknown>],
      performList: async (z: ZObject, bundle: Bundle) => {
        const sampled = await organizationRequest<{ data: Record<string, unknown>[] }>(z, bundle, '/hooks/sample', {
          method: 'GET',
          params: { event },
        });
        return sampled.data;
      },
      sample,
      outputFields,
    },
  };
}
