import type { FeedbackUpdate, IssueLink } from '@hearback/client';
import { ISSUE_TRACKER_NAMES, ISSUE_TRACKERS } from '@hearback/spec';
import { type FormEvent, useState } from 'react';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { SelectField } from '../ui/select.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { useUpdateFeedback } from './feedback-queries.js';

// Loaded apart: zod would not fit the inbox's first-load budget.
const loadFeedbackUpdateInput = () => import('@hearback/inputs').then((inputs) => inputs.FeedbackUpdateInputSchema);

/** Only web links become links: whatever else a URL field holds is shown as text. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/** The tracker choice's first entry: send no tracker, the API tells it from the URL. */
const DETECT = 'detect';
const TRACKER_OPTIONS = [
  { id: DETECT, label: 'Detect from the URL' },
  ...ISSUE_TRACKERS.map((tracker) => ({ id: tracker, label: ISSUE_TRACKER_NAMES[tracker] })),
];

/** The issue link a submitted form asks for: `null` (unlink) when the URL is blank. */
function requestedLink(url: string, tracker: string): FeedbackUpdate['issueLink'] {
  if (!url) return null;
  const named = ISSUE_TRACKERS.find((name) => name === tracker);
  return named ? { url, tracker: named } : { url };
}

/**
 * The linked tracker issue: opens it, or takes a URL and, for a host the API cannot tell (GitHub
 * Enterprise Server), the tracker it belongs to. The API's refusal shows under the URL.
 */
export function IssueLinkField({
  orgId,
  feedbackId,
  link,
  disabled,
}: {
  orgId: string;
  feedbackId: string;
  link: IssueLink | null;
  disabled: boolean;
}) {
  const [editing, setEditing] = useState(false);
  const [tracker, setTracker] = useState(DETECT);
  // Its own mutation, so its problem shows here, under the field, and nowhere else.
  const save = useUpdateFeedback(orgId);
  const input = useInputCheck(loadFeedbackUpdateInput);
  const { validationErrors, formError } = input.feedback(save.error);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = String(new FormData(event.currentTarget).get('issueLink.url') ?? '').trim();
    input.submit({ issueLink: requestedLink(url, tracker) }, (change) =>
      save.mutate({ id: feedbackId, change }, { onSuccess: () => setEditing(false) }),
    );
  }

  if (link && !editing) {
    return (
      <section className="pane-section" aria-labelledby="issue-title">
        <h3 id="issue-title">Issue</h3>
        <p className="row issue-link">
          <span className="muted">{ISSUE_TRACKER_NAMES[link.tracker]}</span>
          {isWebUrl(link.url) ? (
            <a href={link.url} target="_blank" rel="noreferrer noopener">
              {link.url}
            </a>
          ) : (
            <span>{link.url}</span>
          )}
          {!disabled && (
            <Button variant="quiet" onClick={() => setEditing(true)}>
              Change
            </Button>
          )}
        </p>
      </section>
    );
  }
  if (disabled) return null;
  return (
    <Form className="pane-section issue-link-form" validationErrors={validationErrors} onSubmit={onSubmit}>
      <TextField
        className="issue-link-wide"
        label="Issue link"
        name="issueLink.url"
        type="url"
        defaultValue={link?.url ?? ''}
        placeholder="https://github.com/…/issues/12"
      />
      <SelectField
        label="Tracker"
        name="issueLink.tracker"
        options={TRACKER_OPTIONS}
        value={tracker}
        onChange={setTracker}
      />
      <Button type="submit" pending={save.isPending}>
        {link ? 'Save' : 'Link issue'}
      </Button>
      {formError && (
        <p className="field-error issue-link-wide" role="alert">
          {formError}
        </p>
      )}
    </Form>
  );
}
