// The webhook input is @hearback/inputs' (shared with the dashboard's automation editor).
export { MAX_BODY_TEMPLATE_BYTES, MAX_WEBHOOK_URL_LENGTH, WebhookUrlSchema } from '@hearback/inputs';
