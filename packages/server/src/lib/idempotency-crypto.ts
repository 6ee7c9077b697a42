import type { ServerSecrets } from '../secrets/server-secrets.js';

/**
 * How a client's `Idempotency-Key` is stored: a MAC under the server secret, never the key itself,
 * so no one holding only the database can find the row of a key they guess.
 */
export function idempotencyKeyHash(secrets: ServerSecrets, apiKeyId: string, idempotencyKey: string): string {
  return secrets.mac('idempotency-key-hash', `${apiKeyId}\0${idempotencyKey}`);
}

/**
 * Seals a stored response (a create-key response holds a secret) under the server secret and the
 * client's idempotency key, neither of which the database holds, bound to the API key it belongs to.
 */
export function sealResponse(secrets: ServerSecrets, apiKeyId: string, idempotencyKey: string, body: string): string {
  return secrets.seal('idempotent-response', body, { context: idempotencyKey, associatedData: apiKeyId });
}

/** The body of {@link sealResponse}; throws SealedDataError when it was sealed otherwise. */
export function openResponse(secrets: ServerSecrets, apiKeyId: string, idempotencyKey: string, sealed: string): string {
  return secrets.open('idempotent-response', sealed, { context: idempotencyKey, associatedData: apiKeyId });
}
