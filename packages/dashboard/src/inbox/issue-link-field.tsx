import type { IssueLink } from '@hearback/client';
import { type FormEvent, useState } from 'react';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { useInputCheck } from '../ui/use-input-check.js';

// Loaded apart: zod would not fit the inbox's first-load budget.
const loadFeedbackUpdateInput = () => import('@hearback/inputs').then((inputs) => inputs.FeedbackUpdateInputSchema);

/** Only web links become links: whatever else a URL field holds is shown as text. */
const isWebUrl = (url: string) => /^https?:\/\//i.test(url);

/** The linked tracker issue: opens it, or takes a URL (GitHub, GitLab, Jira, Linear, Asana). */
export function IssueLinkField({
  link,
  disabled,
  onSave,
}: {
  link: IssueLink | null;
  disabled: boolean;
  onSave(url: string | null): void;
}) {
  const [editing, setEditing] = useState(false);
  const input = useInputCheck(loadFeedbackUpdateInput);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const url = String(new FormData(event.currentTarget).get('url') ?? '').trim() || null;
    input.submit({ issueLink: url ? { url } : null }, () => {
      onSave(url);
      setEditing(false);
    });
  }

  if (link && !editing) {
    return (
      <section className="pane-section" aria-labelledby="issue-title">
        <h3 id="issue-title">Issue</h3>
        <p className="row">
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
    <form className="pane-section row" onSubmit={onSubmit}>
      <TextField
        label="Issue link"
        name="url"
        type="url"
        defaultValue={link?.url ?? ''}
        placeholder="https://github.com/…/issues/12"
        error={input.feedback(undefined).validationErrors['issueLink.url']}
      />
      <Button type="submit">{link ? 'Save' : 'Link issue'}</Button>
    </form>
  );
}
