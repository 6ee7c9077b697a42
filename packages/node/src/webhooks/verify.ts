import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookVerificationError } from '../errors/webhook-verification-error.js';

/** The envelope of every Hearback webhook delivery. */
export interface WebhookEvent {
  /** The event id (`evt_…`); the same on every retry of a delivery, so use it to deduplicate. */
  id: string;
  type: 'feedback.created' | 'feedback.updated' | 'page_response.created' | (string & {});
  /** When the event happened (ISO 8601), as Standard Webhooks' payload convention names it. */
  timestamp: string;
  /** The resource as the API returns it (for `feedback.*`, the feedback item). */
  data: unknown;
}

/** Request headers as fetch's `Headers`, or Node's `IncomingHttpHeaders` (any letter case). */
export type WebhookHeaders = Headers | Record<string, string | string[] | undefined>;

export interface VerifyWebhookOptions {
  /** How far the `webhook-timestamp` may be from now, either way. Default 300 (5 minutes). */
  toleranceSeconds?: number | undefined;
  /** The current time, for tests. Default `Date.now()`. */
  now?: Date | number | undefined;
}

const DEFAULT_TOLERANCE_SECONDS = 5 * 60;
const SECRET_PREFIX = 'whsec_';

/**
 * Verifies a webhook delivery signed by the Standard Webhooks scheme and returns its event.
 * `webhook-signature` holds one or more space-separated `v1,<base64 HMAC-SHA256>` signatures of
 * `${webhook-id}.${webhook-timestamp}.${body}`, keyed with the base64 secret after `whsec_`; one
 * must match (compared in constant time) and the timestamp must be within 5 minutes of now.
 * Pass the body exactly as received: parsed and re-serialised JSON will not verify.
 *
 * @example
 * app.post('/hearback-webhook', express.raw({ type: 'application/json' }), (request, response) => {
 *   const event = verifyWebhook(request.body, request.headers, process.env.HEARBACK_WEBHOOK_SECRET);
 *   if (event.type === 'feedback.created') console.log(event.data);
 *   response.status(204).end();
 * });
 */
export function verifyWebhook(
  rawBody: string | Uint8Array,
  headers: WebhookHeaders,
  secret: string,
  options: VerifyWebhookOptions = {},
): WebhookEvent {
  const key = secretBytes(secret);
  const id = header(headers, 'webhook-id');
  const timestamp = header(headers, 'webhook-timestamp');
  const signatures = header(headers, 'webhook-signature');

  const seconds = /^\d{1,15}$/.test(timestamp) ? Number(timestamp) : Number.NaN;
  if (!Number.isSafeInteger(seconds)) {
    throw new WebhookVerificationError(
      'invalid_timestamp',
      'The webhook-timestamp header is not a Unix time in seconds.',
    );
  }
  const nowSeconds = Math.floor(Number(options.now ?? Date.now()) / 1000);
  const tolerance = options.toleranceSeconds ?? DEFAULT_TOLERANCE_SECONDS;
  if (seconds < nowSeconds - tolerance) {
    throw new WebhookVerificationError(
      'timestamp_too_old',
      'The webhook timestamp is too old: refusing a possible replay.',
    );
  }
  if (seconds > nowSeconds + tolerance) {
    throw new WebhookVerificationError('timestamp_too_new', 'The webhook timestamp is in the future.');
  }

  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.`).update(body).digest();
  const matches = signatures.split(' ').some((entry) => {
    const [version, signature] = entry.split(',', 2);
    if (version !== 'v1' || !signature) return false;
    const candidate = Buffer.from(signature, 'base64');
    return candidate.length === expected.length && timingSafeEqual(candidate, expected);
  });
  if (!matches) throw new WebhookVerificationError('invalid_signature', 'No webhook signature matches this secret.');

  try {
    return JSON.parse(Buffer.from(body).toString('utf8')) as WebhookEvent;
  } catch {
    throw new WebhookVerificationError('invalid_payload', 'The webhook body is not JSON.');
  }
}

function secretBytes(secret: string): Buffer {
  const encoded = secret.startsWith(SECRET_PREFIX) ? secret.slice(SECRET_PREFIX.length) : secret;
  const bytes = Buffer.from(encoded, 'base64');
  if (encoded.length === 0 || bytes.length === 0) {
    throw new WebhookVerificationError('invalid_secret', 'The webhook secret is empty; expected whsec_<base64>.');
  }
  return bytes;
}

function header(headers: WebhookHeaders, name: string): string {
  let value: string | string[] | null | undefined;
  if (typeof (headers as Headers).get === 'function') value = (headers as Headers).get(name);
  else {
    const record = headers as Record<string, string | string[] | undefined>;
    value = record[name] ?? Object.entries(record).find(([key]) => key.toLowerCase() === name)?.[1];
  }
  const text = Array.isArray(value) ? value.join(' ') : value;
  if (!text) throw new WebhookVerificationError('missing_header', `The ${name} header is missing.`);
  return text;
}
