/** The methods a webhook may use. */
export const WEBHOOK_METHODS = ['POST', 'PUT', 'PATCH'] as const;
export type WebhookMethod = (typeof WEBHOOK_METHODS)[number];
/** The method of a webhook that names none. */
export const DEFAULT_WEBHOOK_METHOD: WebhookMethod = 'POST';

/** The URL schemes a webhook may be sent to (as `URL.protocol` writes them). */
export const WEBHOOK_URL_PROTOCOLS = ['http:', 'https:'] as const;

/** Whether a parsed URL has a scheme a webhook may be sent to. */
export function isWebhookProtocol(url: { protocol: string }): boolean {
  return (WEBHOOK_URL_PROTOCOLS as readonly string[]).includes(url.protocol);
}
