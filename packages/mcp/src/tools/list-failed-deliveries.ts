import { counted } from '@hearback/spec';
import { z } from 'zod';
import type { DeliveryRecord } from '../backend.js';
import { defineTool } from './define.js';
import { moreText } from './render.js';
import { NextCursor, PageInput } from './schemas.js';

/** How much of a receiver's answer the tool shows: enough to read an error message. */
const EXCERPT_CHARACTERS = 200;

const FailedDeliveryOutput = z.object({
  id: z.string(),
  eventId: z.string().describe('The event delivered: the webhook-id header the receiver saw.'),
  eventType: z.string(),
  attempts: z.number().int().describe('How many attempts were made.'),
  lastAttemptAt: z.string().nullable(),
  lastStatusCode: z.number().int().nullable().describe("The receiver's last HTTP status; null without an answer."),
  lastOutcome: z
    .string()
    .nullable()
    .describe('response, network_error, timeout, address_refused (the SSRF guard) or render_error.'),
  lastError: z.string().nullable(),
  lastResponseExcerpt: z
    .string()
    .nullable()
    .describe(`The start of the last answer (at most ${EXCERPT_CHARACTERS} characters).`),
  createdAt: z.string(),
});

type FailedDeliveryOutputType = z.infer<typeof FailedDeliveryOutput>;

function toOutput(delivery: DeliveryRecord): FailedDeliveryOutputType {
  const last = delivery.attempts.at(-1);
  return {
    id: delivery.id,
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    attempts: delivery.attempts.length,
    lastAttemptAt: last?.at ?? null,
    lastStatusCode: last?.statusCode ?? null,
    lastOutcome: last?.outcome ?? null,
    lastError: last?.error ?? null,
    lastResponseExcerpt: last?.responseExcerpt?.slice(0, EXCERPT_CHARACTERS) ?? null,
    createdAt: delivery.createdAt,
  };
}

function why(delivery: FailedDeliveryOutputType): string {
  if (delivery.lastStatusCode !== null) return `HTTP ${delivery.lastStatusCode}`;
  return delivery.lastError ?? delivery.lastOutcome ?? 'no attempt';
}

export const listFailedDeliveries = defineTool({
  name: 'list_failed_deliveries',
  title: 'List failed webhook deliveries',
  description:
    "List an automation's failed webhook deliveries, newest first: the event, how many attempts, and how the last one ended (HTTP status, network error, timeout, refused address) with the start of the receiver's answer. Use it after list_automations shows an automation failing, to say why. Organization-wide API keys only. Paginated: pass nextCursor as cursor for more.",
  operationId: 'listDeliveries',
  annotations: { readOnlyHint: true, openWorldHint: false },
  isAvailable: (backend) => typeof backend.listDeliveries === 'function',
  inputSchema: z.strictObject({
    automationId: z.string().min(1).describe('The automation, as list_automations shows it (auto_…).'),
    ...PageInput,
  }),
  outputSchema: z.object({ deliveries: z.array(FailedDeliveryOutput), nextCursor: NextCursor }),
  async run(backend, input) {
    if (!backend.listDeliveries) throw new TypeError('This backend cannot list deliveries.');
    const page = await backend.listDeliveries(input.automationId, 'failed', {
      limit: input.limit,
      cursor: input.cursor,
    });
    return { deliveries: page.data.map(toOutput), nextCursor: page.nextCursor };
  },
  render({ deliveries, nextCursor }) {
    const more = moreText('failed deliveries', nextCursor);
    if (deliveries.length === 0) return `This automation has no failed deliveries. ${more}`.trim();
    const lines = deliveries.map(
      (delivery) =>
        `- ${delivery.id} · ${delivery.eventType} ${delivery.eventId} · ${counted(delivery.attempts, 'attempt')}, last ${delivery.lastAttemptAt ?? 'never'}: ${why(delivery)}${delivery.lastResponseExcerpt ? ` · ${JSON.stringify(delivery.lastResponseExcerpt)}` : ''}`,
    );
    const header = `${counted(deliveries.length, 'failed delivery', 'failed deliveries')}${nextCursor ? ' on this page' : ''}:`;
    return `${header}\n${lines.join('\n')}${nextCursor ? `\n${more}` : ''}`;
  },
});
