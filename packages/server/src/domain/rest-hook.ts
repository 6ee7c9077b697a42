import type { EventType } from '@hearback/inputs';

/**
 * An automation platform's subscription to one event (Zapier's "REST hook"): every event of that
 * type in the organization is sent to `targetUrl`, flat (see webhooks/rest-hook-payload.ts).
 * Stored as an automation of kind `rest_hook`, so the automations' delivery pipeline serves it.
 */
export interface RestHook {
  id: string;
  orgId: string;
  event: EventType;
  targetUrl: string;
  createdAt: string;
}

/** A REST hook as its subscription answers it, the one time its signing secret is shown. */
export type RestHookWithSecret = RestHook & { signingSecret: string };
