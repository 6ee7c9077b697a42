const MARKER = Symbol.for('hearback.node.webhook-verification-error');

/**
 * Why a webhook was refused: a header is missing, the timestamp is unreadable or outside the
 * tolerance, no signature matches, the secret is unusable, or the verified body is not JSON.
 */
export type WebhookVerificationErrorCode =
  | 'missing_header'
  | 'invalid_timestamp'
  | 'timestamp_too_old'
  | 'timestamp_too_new'
  | 'invalid_signature'
  | 'invalid_secret'
  | 'invalid_payload';

/**
 * Thrown by `verifyWebhook` for a delivery that must not be trusted. Answer it with a 4xx and do
 * not act on the body.
 *
 * @example
 * try {
 *   event = verifyWebhook(rawBody, request.headers, secret);
 * } catch (error) {
 *   if (WebhookVerificationError.isInstance(error)) return response.status(400).end();
 *   throw error;
 * }
 */
export class WebhookVerificationError extends Error {
  readonly [MARKER] = true;
  override readonly name = 'WebhookVerificationError';

  constructor(
    readonly code: WebhookVerificationErrorCode,
    message: string,
  ) {
    super(message);
  }

  /** `instanceof` that also holds across duplicate copies of this package. */
  static isInstance(value: unknown): value is WebhookVerificationError {
    return typeof value === 'object' && value !== null && MARKER in value;
  }
}
