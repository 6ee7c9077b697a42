import { z } from 'zod';
import { FEEDBACK_TYPES } from '../backend.js';
import { MAX_CONTEXT_BYTES, MAX_CONTEXT_DEPTH, nestsDeeperThan } from '../input-rules.js';
import { defineTool } from './define.js';

/** Inbox ids name an inbox; `/collect` routes by inbox key, so an id is looked up first. */
const INBOX_ID_PREFIX = 'inb_';

export const submitFeedback = defineTool({
  name: 'submit_feedback',
  title: 'Submit feedback',
  description:
    'Record a feedback event in an inbox, as a widget or server would: a rating, a comment, or both, plus free-form context (sentiment, session id, what the user was doing). context.source defaults to "mcp"; pass agentName so the team knows which agent sent it. Scores: thumbs 0 (down) or 1 (up), stars 1–5, nps 0–10, csat 1–5, emoji 1–5; text has no score and needs a comment. Counts against the plan\'s monthly events.',
  operationId: 'collectFeedback',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
  inputSchema: z.strictObject({
    inbox: z
      .string()
      .min(1)
      .max(200)
      .describe('The inbox: its inboxKey (ibx_…) or its id (inb_…, needs the read scope too), from list_inboxes.'),
    type: z.enum(FEEDBACK_TYPES).describe('The kind of feedback; decides the score range.'),
    score: z.number().int().nullable().optional().describe('The rating; required for every type but text.'),
    comment: z.string().max(10_000).optional().describe('Free text from the user or about the interaction.'),
    context: z
      .record(z.string(), z.unknown())
      .refine((context) => !nestsDeeperThan(context, MAX_CONTEXT_DEPTH), {
        message: `context must nest objects and arrays at most ${MAX_CONTEXT_DEPTH} levels deep.`,
      })
      .optional()
      .describe(
        `Free-form metadata, at most ${MAX_CONTEXT_BYTES / 1024} KB as JSON and ${MAX_CONTEXT_DEPTH} levels deep. source defaults to "mcp".`,
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
  }),
  outputSchema: z.object({
    id: z.string().describe('The id of the stored feedback (fb_…).'),
    success: z.literal(true),
  }),
  async run(backend, input, context) {
    const inboxKey = input.inbox.startsWith(INBOX_ID_PREFIX)
      ? (await backend.getInbox(input.inbox)).inboxKey
      : input.inbox;
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
