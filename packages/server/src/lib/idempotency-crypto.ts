import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

const INFO = 'hearback idempotent response v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** How a client's `Idempotency-Key` is stored: a keyed hash, never the key itself. */
export function idempotencyKeyHash(apiKeyId: string, idempotencyKey: string): string {
  return createHmac('sha256', apiKeyId).update(idempotencyKey).digest('base64url');
}

function responseKey(apiKeyId: string, idempotencyKey: string): Buffer {
  return Buffer.from(hkdfSync('sha256', idempotencyKey, apiKeyId, INFO, 32));
}

/**
 * Encrypts a stored response (AES-256-GCM) under a key derived from the client's idempotency key,
 * which the database never holds: only the client that sent the key can have the response replayed.
 */
export function sealResponse(apiKeyId: string, idempotencyKey: string, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', responseKey(apiKeyId, idempotencyKey), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
}

/** The plaintext of {@link sealResponse}; throws when the data or the key does not match. */
export function openResponse(apiKeyId: string, idempotencyKey: string, sealed: string): string {
  const bytes = Buffer.from(sealed, 'base64');
  const decipher = createDecipheriv('aes-256-gcm', responseKey(apiKeyId, idempotencyKey), bytes.subarray(0, IV_BYTES));
  decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
  return Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
}
