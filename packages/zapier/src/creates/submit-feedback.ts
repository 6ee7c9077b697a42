import { FEEDBACK_TYPE_NAMES, FEEDBACK_TYPES, SCORE_RANGES } from '@hearback/spec';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { apiUrl, organizationRequest } from '../api.js';
import { FEEDBACK_OUTPUT_FIELDS, FEEDBACK_SAMPLE } from '../feedback-fields.js';

interface SubmitInput {
  inboxKey: string;
  type: string;
  score?: number | string | null;
  comment?: string | null;
  source?: string | null;
  eventId?: string | null;
}

const scoreRanges = FEEDBACK_TYPES.flatMap((type) => {
  const range = SCORE_RANGES[type];
  return range ? [`${FEEDBACK_TYPE_NAMES[type]} ${range.min}–${range.max}`] : [];
}).join(', ');

/** A blank optional field arrives as '' or not at all: either way it is not sent. */
const present = <T>(value: T | '' | null | undefined): value is T =>
  value !== undefined && value !== null && value !== '';

/**
 * Submits feedback through `POST /collect`, the endpoint widgets and servers use (the `collect`
 * scope), then answers the stored item as the API returns it (`read`), so later steps can map
 * every field.
 */
export const submitFeedback = {
  key: 'submit_feedback',
  noun: 'Feedback',
  display: { label: 'Submit Feedback', description: 'Stores a feedback item in one of your inboxes.' },
  operation: {
    inputFields: [
      { key: 'inboxKey', label: 'Inbox', required: true, dynamic: 'inbox_list.inboxKey.name' },
      {
        key: 'type',
        label: 'Type',
        required: true,
        default: 'text',
        choices: FEEDBACK_TYPES.map((type) => ({ value: type, label: FEEDBACK_TYPE_NAMES[type], sample: type })),
      },
      {
        key: 'score',
        label: 'Score',
        type: 'integer' as const,
        helpText: `Required for every type but text: ${scoreRanges}.`,
      },
      { key: 'comment', label: 'Comment', type: 'text' as const, helpText: 'Required for text feedback.' },
      {
        key: 'source',
        label: 'Source',
        default: 'zapier',
        helpText: 'Where the feedback came from; stored as `context.source` and filterable.',
      },
      {
        key: 'eventId',
        label: 'Deduplication ID',
        helpText: 'Submitting twice with the same ID stores the feedback once.',
      },
    ],
    perform: async (z: ZObject, bundle: Bundle) => {
      const input = bundle.inputData as unknown as SubmitInput;
      const response = await z.request<{ id: string }>({
        url: apiUrl(bundle, '/collect'),
        method: 'POST',
        body: {
          inboxKey: input.inboxKey,
          type: input.type,
          ...(present(input.score) && { score: Number(input.score) }),
          ...(present(input.comment) && { comment: input.comment }),
          ...(present(input.source) && { context: { source: input.source } }),
          ...(present(input.eventId) && { eventId: input.eventId }),
        },
      });
      return organizationRequest(z, bundle, `/feedback/${encodeURIComponent(response.data.id)}`, { method: 'GET' });
    },
    sample: FEEDBACK_SAMPLE,
    outputFields: FEEDBACK_OUTPUT_FIELDS,
  },
};
