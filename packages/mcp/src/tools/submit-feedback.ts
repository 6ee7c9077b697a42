import { FeedbackContextSchema } from '@hearback/inputs';
import { FEEDBACK_TYPES, MAX_COMMENT_LENGTH, MAX_CONTEXT_BYTES, MAX_CONTEXT_DEPTH } from '@hearback/spec';
import { z } from 'zod';
import { defineTool } from './define.js';

/** Inbox ids name an inbox; `/collect` routes by inbox key, so an id is looked up first. */
const INBOX_ID_PREFIX = 'inb_';

const INBOX =
  'The inbox: its inboxKey (ibx_…, as POST /collect takes it) or its id (inb_…, needs the read scope too), from list_inboxes.';

export const submitFeedback = defineTool({
  name: 'submit_feedback',
  title: 'Submit feedback',
  description:
    'Record a feedback event in an inbox, as a widget or server would: a rating, a comment, or both, plus free-form context (sentiment, session id, what the user was doing). context.source defaults to "mcp"; pass agentName so the team knows which agent sent it. Scores: thumbs 0 (down) or 1 (up), stars 1–5, nps 0–10, csat 1–5, emoji 1–5; text has no score and needs a comment. Counts against the plan\'s monthly events.',
  operationId: 'collectFeedback',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  inputSchema: z
    .strictObject({
      inboxKey: z.string().min(1).max(200).optional().describe(INBOX),
      inbox: z.string().min(1).max(200).optional().describe('An alias of inboxKey; give one of them.'),
      type: z.enum(FEEDBACK_TYPES).describe('The kind of feedback; decides the score range.'),
      score: z.number().int().nullable().optional().describe('The rating; required for every type but text.'),
      comment: z
        .string()
        .max(MAX_COMMENT_LENGTH)
        .optional()
        .describe('Free text from the user or about the interaction.'),
      context: FeedbackContextSchema.optional().describe(
        `Free-form metadata, at most ${MAX_CONTEXT_BYTES / 1024} KB as JSON and ${MAX_CONTEXT_DEPTH} levels deep. source (text) defaults to "mcp"; agentName is text too.`,
      ),
      agentName: z.string().min(1).max(200).optional().describe('Your name, recorded as context.agentName.'),
      eventId: z
        .string()
        .min(1)
        .max(255)
        .optional()
        .describe(
          'A unique id for this submission: a retry of it with the same eventId is stored once; the same eventId with different content is refused.',
        ),
    })
    .superRefine(({ inboxKey, inbox }, refinement) => {
      if (inboxKey === undefined && inbox === undefined) {
        refinement.addIssue({
          code: 'custom',
          path: ['inboxKey'],
          message: 'inboxKey (or its alias inbox) is required.',
        });
      } else if (inboxKey !== undefined && inbox !== undefined && inboxKey !== inbox) {
        refinement.addIssue({
          code: 'custom',
          path: ['inbox'],
          message: 'inbox is an alias of inboxKey: give one of them.',
        });
      }
    }),
  outputSchema: z.object({
    id: z.string().describe('The id of the stored feedback (fb_…).'),
    success: z.literal(true),
  }),
  async run(backend, input, context) {
    // The refinement makes one of the two present.
    const inbox = (input.inboxKey ?? input.inbox) as string;
    const inboxKey = inbox.startsWith(INBOX_ID_PREFIX) ? (await backend.getInbox(inbox)).inboxKey : inbox;
    const given = input.context ?? {};
    const agentName = input.agentName ?? given.agentName ?? context.clientName;
    const { id } = await backend.submitFeedback({
      inboxKey,
      type: input.type,
      score: input.score,
      comment: input.comment,
      context: { ...given, source: given.source ?? 'mcp', ...(agentName !== undefined && { agentName }) },
      eventId: input.eventId,
    });
    return { id, success: true as const };
  },
  render: ({ id }) => `Stored feedback ${id}.`,
});
