import { Agent } from 'undici';
import type { AddressPolicy } from './address-policy.js';
import { guardedConnector } from './guarded-connector.js';

export { fetch, request } from 'undici';

/**
 * An undici agent whose every connection passes `policy` (see guardedConnector), with one timeout
 * for connecting, headers and body. Imported on first use (`await import('./guarded-agent.js')`):
 * undici is the largest module a server start would otherwise evaluate for requests most
 * instances never make.
 *
 * @example
 * const { guardedAgent, request } = await import('./guarded-agent.js');
 * const response = await request(url, { dispatcher: guardedAgent(policy, { timeoutMs: 15_000 }) });
 */
export function guardedAgent(
  policy: AddressPolicy,
  options: { timeoutMs: number; maxRedirections?: number | undefined },
): Agent {
  return new Agent({
    connect: guardedConnector(policy, { timeoutMs: options.timeoutMs }),
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
    ...(options.maxRedirections !== undefined && { maxRedirections: options.maxRedirections }),
  });
}
