import { createHmac } from 'node:crypto';
import type { OutboundRequest } from './contracts.js';

const SECRET_PREFIX = 'whsec_';

/** A signing secret that is not `whsec_<base64>`. */
export class InvalidSigningSecretError extends Error {
  readonly code = 'invalid_signing_secret';
  override name = 'InvalidSigningSecretError';
}

export interface SignOptions {
  /** The event's id (`evt_…`): `webhook-id`, the same on every attempt. */
  id: string;
  /**
   * The automation's `whsec_…` secret; several (during a rotation) sign side by side, each as a
   * space-separated `v1,…` entry, so a receiver holding either verifies.
   */
  secret: string | readonly string[];
  /** The attempt's time: `webhook-timestamp`, in whole seconds. Default now. */
  now?: Date | undefined;
}

/**
 * Signs a rendered request by Standard Webhooks: adds `webhook-id`, `webhook-timestamp` (Unix
 * seconds) and `webhook-signature` (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, keyed with
 * the bytes the base64 after `whsec_` encodes). Sign each attempt anew: the timestamp is its own.
 *
 * @example
 * const signed = signRequest(request, { id: envelope.id, secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw' });
 */
export function signRequest(request: OutboundRequest, options: SignOptions): OutboundRequest {
  const timestamp = String(Math.floor((options.now ?? new Date()).getTime() / 1000));
  const secrets = typeof options.secret === 'string' ? [options.secret] : options.secret;
  if (secrets.length === 0) throw new InvalidSigningSecretError('At least one signing secret is needed.');
  const signature = secrets
    .map((secret) => {
      const hmac = createHmac('sha256', signingKey(secret));
      return `v1,${hmac.update(`${options.id}.${timestamp}.${request.body}`, 'utf8').digest('base64')}`;
    })
    .join(' ');
  return {
    ...request,
    headers: {
      ...request.headers,
      'webhook-id': options.id,
      'webhook-timestamp': timestamp,
      'webhook-signature': signature,
    },
  };
}

function signingKey(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : '';
  const key = Buffer.from(encoded, 'base64');
  if (key.length === 0) throw new InvalidSigningSecretError('A signing secret is whsec_ followed by base64 bytes.');
  return key;
}
