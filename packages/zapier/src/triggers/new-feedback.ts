import { FEEDBACK_OUTPUT_FIELDS, FEEDBACK_SAMPLE } from '../feedback-fields.js';
import { restHookTrigger } from './rest-hook-trigger.js';

export const newFeedback = restHookTrigger({
  key: 'new_feedback',
  noun: 'Feedback',
  label: 'New Feedback',
  description: 'Triggers when feedback is submitted to any inbox of your organization.',
  event: 'feedback.created',
  sample: FEEDBACK_SAMPLE,
  outputFields: FEEDBACK_OUTPUT_FIELDS,
});
