import type { Note } from '@hearback/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useRef } from 'react';
import { api, dataOf } from '../api/client.js';
import { membersQuery } from '../api/organization.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { feedbackDetailKey } from './feedback-queries.js';
import { fullTime, timeAgo } from './relative-time.js';

// Loaded apart: zod would not fit the inbox's first-load budget.
const loadNoteInput = () => import('@hearback/inputs').then((inputs) => inputs.NoteInputSchema);

/** The team's notes on an item, oldest first, and a box to add one. */
export function NotesSection({
  orgId,
  feedbackId,
  canWrite,
}: {
  orgId: string;
  feedbackId: string;
  canWrite: boolean;
}) {
  const queryClient = useQueryClient();
  const form = useRef<HTMLFormElement>(null);
  const members = useQuery(membersQuery(orgId));
  const notes = useQuery({
    queryKey: feedbackDetailKey(orgId, feedbackId, 'notes'),
    queryFn: () =>
      dataOf(
        api.GET('/organizations/{orgId}/feedback/{id}/notes', {
          params: { path: { orgId, id: feedbackId }, query: { limit: 100 } },
        }),
      ),
  });
  const add = useMutation({
    mutationFn: (body: string) =>
      dataOf(
        api.POST('/organizations/{orgId}/feedback/{id}/notes', {
          params: { path: { orgId, id: feedbackId } },
          body: { body },
        }),
      ),
    onSuccess: () => {
      form.current?.reset();
      void queryClient.invalidateQueries({ queryKey: feedbackDetailKey(orgId, feedbackId, 'notes') });
      void queryClient.invalidateQueries({ queryKey: feedbackDetailKey(orgId, feedbackId, 'activity') });
    },
  });
  const input = useInputCheck(loadNoteInput);
  const { validationErrors, formError } = input.feedback(add.error);
  const authorOf = (note: Note) =>
    members.data?.data.find((member) => member.userId === note.authorUserId)?.name ??
    (note.authorKeyId ? 'An API key' : 'A former member');

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const body = String(new FormData(event.currentTarget).get('body') ?? '');
    input.submit({ body }, (checked) => add.mutate(checked.body));
  }

  return (
    <section className="pane-section" aria-labelledby="notes-title">
      <h3 id="notes-title">Notes</h3>
      <ol className="notes">
        {(notes.data?.data ?? []).map((note) => (
          <li key={note.id} className="note">
            <p className="note-meta">
              <strong>{authorOf(note)}</strong>{' '}
              <time dateTime={note.createdAt} title={fullTime(note.createdAt)}>
                {timeAgo(note.createdAt)}
              </time>
            </p>
            <p className="note-body">{note.body}</p>
          </li>
        ))}
      </ol>
      {canWrite && (
        <Form ref={form} onSubmit={onSubmit} validationErrors={validationErrors} className="stack">
          {formError && (
            <p className="field-error" role="alert">
              {formError}
            </p>
          )}
          <TextField label="Add a note" name="body" multiline required />
          <Button type="submit" pending={add.isPending}>
            Add note
          </Button>
        </Form>
      )}
    </section>
  );
}
