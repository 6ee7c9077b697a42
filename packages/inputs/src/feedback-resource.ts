import { FEEDBACK_STATUSES, FEEDBACK_TYPES, ISSUE_TRACKERS } from '@hearback/spec';
import { z } from 'zod';

// Plain zod with `.meta()` (which the OpenAPI generator reads like `.openapi()`): the event
// registry (event-registry.ts) names this schema as what `feedback.*` events carry, so the members
// a `{{feedback.…}}` placeholder may address are checked against it, in the server and the editor.

/** An ISO-8601 date-time as the API writes it. */
export const TimestampSchema = z.string().meta({ format: 'date-time', example: '2026-11-22T10:15:00.000Z' });

export const IssueLinkSchema = z
  .object({
    tracker: z.enum(ISSUE_TRACKERS),
    url: z.string().meta({ example: 'https://github.com/acme/app/issues/12' }),
    key: z.string().meta({ description: 'Display key derived from the URL.', example: 'acme/app#12' }),
  })
  .meta({ id: 'IssueLink' });

/** A feedback item as the API returns it (and as `feedback.*` events carry it). */
export const FeedbackResourceSchema = z
  .object({
    id: z.string().meta({ example: 'fb_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    inboxId: z.string(),
    brandId: z.string().nullable(),
    type: z.enum(FEEDBACK_TYPES),
    score: z.number().int().nullable(),
    comment: z.string().nullable(),
    context: z.record(z.string(), z.unknown()),
    source: z.string().nullable().meta({ description: 'Copied from `context.source`.' }),
    status: z.enum(FEEDBACK_STATUSES),
    issueLink: IssueLinkSchema.nullable(),
    assigneeId: z.string().nullable().meta({
      description: 'The member (user id) the item is assigned to; null when unassigned.',
      example: 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s',
    }),
    tags: z.array(z.string()).meta({
      description: 'Its tags for triage, normalized (lower-case), sorted; `[]` when it has none.',
      example: ['billing', 'bug'],
    }),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'Feedback' });
