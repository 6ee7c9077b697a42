import type { ServerSecrets } from '../secrets/server-secrets.js';

/**
 * How a client's `Idempotency-Key` is stored: a MAC under the server secret, never the key itself,
 * so no one holding only the database can find the row of a key they guess.
 */
export function idempotencyKeyHash(secrets: ServerSecrets, apiKeyId: string, idempotencyKey: string): string {
  return secrets.mac('idempotency-key-hash', `${apiKeyId}\0${idempotencyKey}`);
}

/**
 * How the fingerprint of a request (a hash of its method, path and body) is stored: a MAC under
 * the server secret. The body may hold a secret (`POST …/secrets`): an unkeyed hash would let
 * anyone with the database confirm a guess of it offline.
 */
export function storedFingerprint(secrets: ServerSecrets, requestFingerprint: string): string {
  return secrets.mac('idempotency-fingerprint', requestFingerprint);
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
