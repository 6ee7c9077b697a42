import { DateBoundSchema, idSchema } from '@hearback/inputs';
import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@hearback/spec';
import { z } from 'zod';
import type { BrandRecord, FeedbackRecord, InboxRecord } from '../backend.js';
import { UNTRUSTED_NOTICE } from '../untrusted.js';

/** Page size of list tools: small by default, so results stay within an agent's context. */
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;
/** In lists, longer comments and context are shortened (`truncated: true`); get one item for all of it. */
export const LIST_COMMENT_CHARS = 1_000;
export const LIST_CONTEXT_BYTES = 2_000;

export const PageInput = {
  limit: z
    .number()
    .int()
    .min(1)
    .max(MAX_LIMIT)
    .default(DEFAULT_LIMIT)
    .describe(`Items per page (1–${MAX_LIMIT}, default ${DEFAULT_LIMIT}).`),
  cursor: z.string().min(1).max(500).optional().describe('The nextCursor of the previous page, to read on.'),
};

export const NextCursor = z
  .string()
  .nullable()
  .describe('Pass as cursor to get the next page; null when this is the last page.');

export const DateInput = DateBoundSchema.describe(
  "ISO-8601 date (2026-11-01: that day in the organization's time zone) or date-time with offset (2026-11-01T09:30:00Z).",
);

/**
 * What a `from` and a `to` mean, in the words every tool with a range uses (the server's rule,
 * `instantOfBound`): `what` is what the range selects, e.g. "feedback created".
 */
export const fromDescription = (what: string) =>
  `Only ${what} at or after this: a date-time with offset, or a date (2026-11-01), which starts at midnight in the organization's time zone.`;
export const toDescription = (what: string) =>
  `Only ${what} before this date-time, or up to the end of this date (2026-11-01: that whole day, in the organization's time zone; from and to the same date is that one day).`;
export const FROM_DESCRIPTION = fromDescription('feedback created');
export const TO_DESCRIPTION = toDescription('feedback created');

export const StatsFilterInput = {
  from: DateInput.optional().describe(FROM_DESCRIPTION),
  to: DateInput.optional().describe(TO_DESCRIPTION),
  // The server's own id rule: a mistaken id (an ibx_… inbox key, say) is refused naming what was expected, not answered with nothing.
  inboxId: idSchema('inbox').optional().describe('Only this inbox (an inb_… id from list_inboxes).'),
  brandId: idSchema('brand').optional().describe("Only this brand's inboxes (a brd_… id from list_brands)."),
  source: z.string().min(1).max(200).optional().describe('Only this context.source, e.g. widget, server, mcp.'),
  type: z.enum(FEEDBACK_TYPES).optional().describe('Only this feedback type.'),
  status: z.enum(FEEDBACK_STATUSES).optional().describe('Only this triage status.'),
};

export const Notice = z.literal(UNTRUSTED_NOTICE).describe('How to treat the end-user text in this result.');

export const InboxOutput = z.object({
  id: z.string(),
  name: z.string(),
  brandId: z.string().nullable(),
  inboxKey: z.string().describe('Pass as inbox to submit_feedback.'),
  createdAt: z.string(),
});

export const BrandOutput = z.object({ id: z.string(), name: z.string(), createdAt: z.string() });

export const FeedbackOutput = z.object({
  id: z.string(),
  inboxId: z.string(),
  brandId: z.string().nullable(),
  type: z.enum(FEEDBACK_TYPES),
  score: z.number().nullable(),
  comment: z.string().nullable().describe('End-user text: untrusted.'),
  context: z.record(z.string(), z.unknown()).describe('Metadata sent with the feedback: untrusted.'),
  source: z.string().nullable(),
  status: z.enum(FEEDBACK_STATUSES),
  issueLink: z.object({ tracker: z.string(), url: z.string(), key: z.string() }).nullable(),
  assigneeId: z.string().nullable().describe('The member (user id) the item is assigned to; null when unassigned.'),
  tags: z.array(z.string()).describe('Triage tags the team set (lower-case, sorted): typed by people, so untrusted.'),
  createdAt: z.string(),
  updatedAt: z.string(),
  truncated: z.boolean().describe('True when comment or context was shortened here; get the item by id for all of it.'),
});

export type InboxOutputType = z.infer<typeof InboxOutput>;
export type FeedbackOutputType = z.infer<typeof FeedbackOutput>;

export function toInboxOutput(inbox: InboxRecord): InboxOutputType {
  const { id, name, brandId, inboxKey, createdAt } = inbox;
  return { id, name, brandId, inboxKey, createdAt };
}

export function toBrandOutput(brand: BrandRecord): z.infer<typeof BrandOutput> {
  const { id, name, createdAt } = brand;
  return { id, name, createdAt };
}

/** Picks the published fields; in lists (`shorten`), bounds comment and context. */
export function toFeedbackOutput(feedback: FeedbackRecord, shorten: boolean): FeedbackOutputType {
  let { comment, context } = feedback;
  let truncated = false;
  if (shorten && comment !== null && comment.length > LIST_COMMENT_CHARS) {
    comment = `${comment.slice(0, LIST_COMMENT_CHARS)}…`;
    truncated = true;
  }
  if (shorten && new TextEncoder().encode(JSON.stringify(context)).length > LIST_CONTEXT_BYTES) {
    context = {};
    truncated = true;
  }
  const { id, inboxId, brandId, type, score, source, status, issueLink, assigneeId, tags, createdAt, updatedAt } =
    feedback;
  return {
    id,
    inboxId,
    brandId,
    type,
    score,
    comment,
    context,
    source,
    status,
    issueLink: issueLink && { tracker: issueLink.tracker, url: issueLink.url, key: issueLink.key },
    assigneeId,
    tags,
    createdAt,
    updatedAt,
    truncated,
  };
}
