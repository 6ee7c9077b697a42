import { FEEDBACK_STATUSES } from '@hearback/spec';
import { z } from 'zod';
import { UNTRUSTED_NOTICE } from '../untrusted.js';
import { defineTool } from './define.js';
import { renderFeedback } from './render.js';
import { FeedbackOutput, Notice, toFeedbackOutput } from './schemas.js';

export const updateFeedbackStatus = defineTool({
  name: 'update_feedback_status',
  title: 'Update feedback status',
  description:
    'Triage one feedback item: set its status (new, triaged, in_progress, resolved, closed, spam). Emits a feedback.updated event to webhooks.',
  operationId: 'updateFeedback',
  annotations: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: false },
  inputSchema: z.strictObject({
    id: z.string().min(1).max(100).describe('The feedback id (fb_…).'),
    status: z.enum(FEEDBACK_STATUSES).describe('The new triage status.'),
  }),
  outputSchema: z.object({ notice: Notice, feedback: FeedbackOutput }),
  async run(backend, input) {
    const feedback = await backend.updateFeedbackStatus(input.id, input.status);
    return { notice: UNTRUSTED_NOTICE, feedback: toFeedbackOutput(feedback, true) };
  },
  render: ({ feedback }) =>
    `Feedback ${feedback.id} now has status ${feedback.status}.\n${UNTRUSTED_NOTICE}\n\n${renderFeedback(feedback, '')}`,
});
