import { Agent, fetch as undiciFetch } from 'undici';
import { AddressPolicy } from './address-policy.js';
import { guardedConnector } from './guarded-connector.js';

/** A `fetch` the server uses for a URL someone else chose. */
export type OutboundFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * `fetch` under the webhooks' address policy (`HEARBACK_WEBHOOK_ALLOWED_CIDRS`): a connection to
 * a private, loopback or other special address is refused at connect time, whatever name led
 * there. For every outbound request to an address an organization's admin typed (an SSO issuer),
 * not only webhooks.
 */
export function guardedFetch(options: {
  allowedCidrs?: readonly string[] | undefined;
  timeoutMs: number;
}): OutboundFetch {
  const policy = new AddressPolicy(options.allowedCidrs ?? []);
  const dispatcher = new Agent({
    connect: guardedConnector(policy, { timeoutMs: options.timeoutMs }),
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });
  return (url, init) => undiciFetch(url, { ...(init as object), dispatcher }) as unknown as Promise<Response>;
}
