import { FEEDBACK_STATUSES, ISSUE_TRACKERS } from '@hearback/spec';
import { z } from 'zod';
import { idSchema } from './ids.js';
import { TagSetSchema } from './tags-input.js';
import { acrossMembers, writeInput } from './write-input.js';

/** `PATCH …/feedback/{id}`: triage (status, issue link, assignee, tags); the members given change. */
export const FeedbackUpdateInputSchema = writeInput({
  status: z.enum(FEEDBACK_STATUSES).optional(),
  issueLink: writeInput({
    tracker: z.enum(ISSUE_TRACKERS).optional().meta({
      description:
        'Detected from the URL when omitted. Name `github` for GitHub Enterprise Server, whose host cannot be told from any other.',
    }),
    url: z.string().max(2000),
  })
    .nullable()
    .optional()
    .meta({ description: 'Link an issue-tracker issue; `null` unlinks.' }),
  assigneeId: idSchema('user')
    .meta({ example: 'usr_01jd3x2k9v6c4h8m2n5p7q1r3s' })
    .nullable()
    .optional()
    .meta({ description: 'Assign to a member of the organization (a user id); `null` unassigns.' }),
  tags: TagSetSchema.optional(),
}).refine(
  (body) =>
    body.status !== undefined ||
    body.issueLink !== undefined ||
    body.assigneeId !== undefined ||
    body.tags !== undefined,
  acrossMembers('Send at least one of status, issueLink, assigneeId or tags.'),
);

export type FeedbackUpdateInput = z.input<typeof FeedbackUpdateInputSchema>;
