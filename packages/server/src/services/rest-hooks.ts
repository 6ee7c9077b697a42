import type { Principal } from '../domain/api-key.js';
import type { Feedback } from '../domain/feedback.js';
import type { PageResponse } from '../domain/feedback-page.js';
import type { RestHook, RestHookWithSecret } from '../domain/rest-hook.js';
import { notFound } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { newSigningSecret, sealSigningSecret } from '../secrets/sealed-values.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { Store } from '../storage/store.js';
import { restHookPayload } from '../webhooks/rest-hook-payload.js';
import { visibleTo } from './access.js';
import { recordAudit } from './audit.js';
import type { EventType } from './events.js';
import { shownResponse } from './page-responses.js';
import { requirePlanFeature } from './plan-features.js';

/** How many recent items `sample` answers: enough for a platform to show fields, cheap to read. */
export const REST_HOOK_SAMPLE_SIZE = 3;

export function restHooksService(store: Store, secrets: ServerSecrets) {
  return {
    /**
     * Subscribes `targetUrl` to `event`; deliveries are signed like any automation's, with the
     * signing secret answered here once (as an automation's creation does) and stored sealed.
     */
    async subscribe(principal: Principal, input: { event: EventType; targetUrl: string }): Promise<RestHookWithSecret> {
      await requirePlanFeature(store, principal.orgId, 'webhooks');
      const hook: RestHook = {
        id: newId('automation'),
        orgId: principal.orgId,
        event: input.event,
        targetUrl: input.targetUrl,
        createdAt: nowIso(),
      };
      const signingSecret = newSigningSecret();
      await store.transaction(async (tx) => {
        await tx.restHooks.insert(hook, sealSigningSecret(secrets, hook.id, signingSecret));
        // A REST hook is an automation (kind `rest_hook`): one log for both.
        await recordAudit(tx, principal, 'automation.created', hook.id, { kind: 'rest_hook', events: [hook.event] });
      });
      return { ...hook, signingSecret };
    },

    async unsubscribe(principal: Principal, id: string): Promise<void> {
      await store.transaction(async (tx) => {
        if (!(await tx.restHooks.delete(principal.orgId, id))) throw notFound('REST hook', id);
        await recordAudit(tx, principal, 'automation.deleted', id, { kind: 'rest_hook' });
      });
    },

    /**
     * The most recent items of `event`, newest first, in the shape a hook receives: what a
     * platform shows while the user maps fields, before any event has fired.
     */
    async sample(principal: Principal, event: EventType): Promise<{ data: (Feedback | PageResponse)[] }> {
      // Unsubscribing stays open: an organization moved to a plan without webhooks can end its hooks.
      await requirePlanFeature(store, principal.orgId, 'webhooks');
      if (event === 'page_response.created') {
        const responses = await store.pageResponses.recent(principal.orgId, REST_HOOK_SAMPLE_SIZE);
        return { data: responses.map(shownResponse) };
      }
      const recent = await store.feedback.list(
        visibleTo(principal),
        {},
        { limit: REST_HOOK_SAMPLE_SIZE, before: null },
      );
      const data = recent.items.map((feedback) =>
        restHookPayload({
          id: `sample_${feedback.id}`,
          type: event,
          timestamp: event === 'feedback.created' ? feedback.createdAt : feedback.updatedAt,
          data: feedback,
        }),
      );
      return { data };
    },
  };
}

export type RestHooksService = ReturnType<typeof restHooksService>;
