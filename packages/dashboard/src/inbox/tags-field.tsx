import { MAX_TAGS_PER_ITEM, normalizeTag, tagProblem, tagSet } from '@hearback/spec';
import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useId, useState } from 'react';
import { tagsQuery, useUpdateFeedback } from './feedback-queries.js';
import { TagChips } from './tag-chips.js';

/**
 * Why `typed` cannot join `tags`, as the server would refuse it (the rules of @hearback/spec), or
 * undefined when it can.
 */
function addProblem(tags: readonly string[], typed: string): string | undefined {
  const problem = tagProblem(normalizeTag(typed));
  if (problem) return problem;
  if (tagSet([...tags, typed]).length > MAX_TAGS_PER_ITEM) return `At most ${MAX_TAGS_PER_ITEM} tags.`;
  return undefined;
}

/**
 * The open item's tags: chips, and for someone who may triage, a field that adds one (Enter; the
 * organization's tags suggested) and a × on each chip that removes it. A tag the server would
 * refuse says why under the field and is not sent. Each change sends the whole set through the
 * item's update, so the list and the pane show it at once.
 */
export function TagsField({
  orgId,
  feedbackId,
  tags,
  canEdit,
}: {
  orgId: string;
  feedbackId: string;
  tags: readonly string[];
  canEdit: boolean;
}) {
  const id = useId();
  const [typed, setTyped] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  // Its own mutation, so its problem shows here, under the field.
  const save = useUpdateFeedback(orgId);
  const known = useQuery({ ...tagsQuery(orgId), enabled: canEdit });
  const suggestions = (known.data?.data ?? []).filter(({ tag }) => !tags.includes(tag));
  const message = problem ?? save.error?.message;

  const send = (next: string[]) => save.mutate({ id: feedbackId, change: { tags: next } });

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    const refused = addProblem(tags, typed);
    setProblem(refused);
    if (refused) return;
    const next = tagSet([...tags, typed]);
    setTyped('');
    if (next.length !== tags.length) send(next);
  }

  if (!canEdit && tags.length === 0) return null;
  return (
    <section className="pane-section" aria-labelledby={`${id}-title`}>
      <h3 id={`${id}-title`}>Tags</h3>
      <TagChips tags={tags} onRemove={canEdit ? (tag) => send(tags.filter((one) => one !== tag)) : undefined} />
      {canEdit && (
        <div className="field tags-field">
          <label htmlFor={id} className="field-label visually-hidden">
            Add a tag
          </label>
          <input
            id={id}
            className="field-input"
            value={typed}
            placeholder="Add a tag, then Enter"
            list={`${id}-suggestions`}
            autoComplete="off"
            enterKeyHint="done"
            aria-invalid={message ? true : undefined}
            aria-describedby={message ? `${id}-error` : undefined}
            onChange={(event) => {
              setTyped(event.target.value);
              setProblem(undefined);
            }}
            onKeyDown={onKeyDown}
          />
          <datalist id={`${id}-suggestions`}>
            {suggestions.map(({ tag }) => (
              <option key={tag} value={tag} />
            ))}
          </datalist>
          {message && (
            <span id={`${id}-error`} className="field-error" role="alert">
              {message}
            </span>
          )}
        </div>
      )}
    </section>
  );
}
