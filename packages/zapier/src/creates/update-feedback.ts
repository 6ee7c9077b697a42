import { FEEDBACK_STATUSES } from '@hearback/spec';
import type { Bundle, ZObject } from 'zapier-platform-core';
import { organizationRequest } from '../api.js';
import { FEEDBACK_OUTPUT_FIELDS, FEEDBACK_SAMPLE } from '../feedback-fields.js';

interface UpdateInput {
  id: string;
  status?: string | null;
  issueUrl?: string | null;
}

/** Triage from a Zap: `PATCH /organizations/{orgId}/feedback/{id}` with a status, an issue link or both. */
export const updateFeedback = {
  key: 'update_feedback',
  noun: 'Feedback',
  display: {
    label: 'Update Feedback',
    description: 'Sets the status of a feedback item or links it to an issue in your tracker.',
  },
  operation: {
    inputFields: [
      { key: 'id', label: 'Feedback ID', required: true, helpText: 'Such as the ID from the New Feedback trigger.' },
      {
        key: 'status',
        label: 'Status',
        choices: FEEDBACK_STATUSES.map((status) => ({
          value: status,
          label: status.replace('_', ' '),
          sample: status,
        })),
      },
      {
        key: 'issueUrl',
        label: 'Issue link',
        helpText: 'The URL of the issue in your tracker; the tracker is recognised from the URL.',
      },
    ],
    perform: (z: ZObject, bundle: Bundle) => {
      const { id, status, issueUrl } = bundle.inputData as unknown as UpdateInput;
      return organizationRequest(z, bundle, `/feedback/${encodeURIComponent(id)}`, {
        method: 'PATCH',
        body: { ...(status && { status }), ...(issueUrl && { issueLink: { url: issueUrl } }) },
      });
    },
    sample: FEEDBACK_SAMPLE,
    outputFields: FEEDBACK_OUTPUT_FIELDS,
  },
};
