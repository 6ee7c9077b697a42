import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/**
 * A random string of letters and digits (about 5.95 bits each), easy to copy from a terminal:
 * no `-` or `_` for a double-click to stop at.
 */
export function randomToken(length = 32): string {
  let token = '';
  while (token.length < length) {
    for (const byte of randomBytes(length * 2)) {
      // Rejection sampling keeps every character equally likely (248 = 4 × 62).
      if (byte < 248 && token.length < length) token += ALPHANUMERIC[byte % 62];
    }
  }
  return token;
}

/**
 * API key secrets carry about 190 bits of entropy, so a fast hash is enough (as GitHub and Stripe do);
 * a slow password hash would only cost every request time.
 */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('base64url');
}

export function secretMatches(secret: string, expectedHash: string): boolean {
  const actual = Buffer.from(hashSecret(secret));
  const expected = Buffer.from(expectedHash);
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
