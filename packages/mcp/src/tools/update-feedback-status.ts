import { TagSetSchema } from '@hearback/inputs';
import { FEEDBACK_STATUSES } from '@hearback/spec';
import { z } from 'zod';
import { quoted, UNTRUSTED_NOTICE } from '../untrusted.js';
import { defineTool } from './define.js';
import { renderFeedback } from './render.js';
import { FeedbackOutput, Notice, toFeedbackOutput } from './schemas.js';

/** What the confirmation names: what was asked to change (tags typed by people, so quoted). */
function changedText(feedback: { status: string; tags: readonly string[] }, input: { tags?: unknown }): string {
  const parts: string[] = [];
  if (input.tags === undefined || 'status' in input) parts.push(`status ${feedback.status}`);
  if (input.tags !== undefined) {
    parts.push(
      feedback.tags.length === 0 ? 'no tags' : `tags ${feedback.tags.map((tag) => quoted(tag, 40)).join(', ')}`,
    );
  }
  return parts.join(' and ');
}

export const updateFeedbackStatus = defineTool({
  name: 'update_feedback_status',
  title: 'Update feedback status and tags',
  description:
    'Triage one feedback item: set its status (new, triaged, in_progress, resolved, closed, spam), its tags, or both. tags is the whole set: it replaces the tags the item has ([] removes them all); get_feedback shows the current ones. Emits a feedback.updated event to webhooks.',
  operationId: 'updateFeedback',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z
    .strictObject({
      id: z.string().min(1).max(100).describe('The feedback id (fb_…).'),
      status: z.enum(FEEDBACK_STATUSES).optional().describe('The new triage status.'),
      tags: TagSetSchema.optional(),
    })
    .refine((input) => input.status !== undefined || input.tags !== undefined, {
      message: 'Send status, tags or both.',
    }),
  outputSchema: z.object({ notice: Notice, feedback: FeedbackOutput }),
  async run(backend, input) {
    const feedback = await backend.updateFeedback(input.id, {
      ...(input.status !== undefined && { status: input.status }),
      ...(input.tags !== undefined && { tags: input.tags }),
    });
    return { notice: UNTRUSTED_NOTICE, feedback: toFeedbackOutput(feedback, true) };
  },
  render: ({ feedback }, input) =>
    `Feedback ${feedback.id} now has ${changedText(feedback, input)}.\n${UNTRUSTED_NOTICE}\n\n${renderFeedback(feedback, '')}`,
});
