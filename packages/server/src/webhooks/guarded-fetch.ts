import type { Agent, fetch as undiciFetch } from 'undici';
import { AddressPolicy } from './address-policy.js';

/** A `fetch` the server uses for a URL someone else chose. */
export type OutboundFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * `fetch` under the webhooks' address policy (`HEARBACK_WEBHOOK_ALLOWED_CIDRS`): a connection to
 * a private, loopback or other special address is refused at connect time, whatever name led
 * there. For every outbound request to an address an organization's admin typed (an SSO issuer),
 * not only webhooks. undici and the agent load on the first request (see guarded-agent.ts).
 */
export function guardedFetch(options: {
  allowedCidrs?: readonly string[] | undefined;
  timeoutMs: number;
}): OutboundFetch {
  const policy = new AddressPolicy(options.allowedCidrs ?? []);
  let loaded: Promise<{ fetch: typeof undiciFetch; dispatcher: Agent }> | undefined;
  return async (url, init) => {
    loaded ??= import('./guarded-agent.js').then(({ fetch, guardedAgent }) => ({
      fetch,
      dispatcher: guardedAgent(policy, { timeoutMs: options.timeoutMs }),
    }));
    const { fetch, dispatcher } = await loaded;
    return fetch(url, { ...(init as object), dispatcher }) as unknown as Promise<Response>;
  };
}
