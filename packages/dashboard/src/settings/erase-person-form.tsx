import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { feedbackKey } from '../inbox/feedback-queries.js';
import { pagesKey } from '../pages/page-queries.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ConfirmDialog } from '../ui/confirm-dialog.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { SelectField } from '../ui/select.js';
import { erasePerson } from './erase-person.js';
import { type ErasureReach, type ErasureSubject, erasesAnything, erasureSummary, subjectLabel } from './erasure.js';

const NAMED_BY = [
  { id: 'context', label: 'A context member (such as userId)' },
  { id: 'contact', label: 'A contact email' },
] as const;

/** What an erasure of a subject named this way takes, for the form and its confirmation. */
function erasedKinds(kind: ErasureSubject['kind'], reach: ErasureReach): string {
  const feedback = reach.feedback && kind === 'context';
  if (feedback && reach.responses) return 'every feedback item and every feedback page response';
  return feedback ? 'every feedback item' : 'every feedback page response';
}

/**
 * Erase everything one person sent, named by a context member or (page responses only) the contact
 * email they gave, after a confirmation; the result is said in words, and every cached list of
 * feedback and pages is read again.
 */
export function ErasePersonForm({ orgId, reach }: { orgId: string; reach: ErasureReach }) {
  const queryClient = useQueryClient();
  const [kind, setKind] = useState<ErasureSubject['kind']>('context');
  const [pending, setPending] = useState<ErasureSubject | null>(null);
  const [result, setResult] = useState('');
  const erase = useMutation({
    mutationFn: (subject: ErasureSubject) => erasePerson(orgId, subject, reach),
    onSuccess: async (counts, subject) => {
      setPending(null);
      setResult(erasureSummary(counts, subject));
      // The erased items and responses leave every list, count and analytics cached so far.
      await queryClient.invalidateQueries({ queryKey: feedbackKey(orgId) });
      await queryClient.invalidateQueries({ queryKey: pagesKey(orgId) });
    },
    // A field the server refuses is shown beside it on the form, so the dialog closes to show it.
    onError: (error) => {
      if (Object.keys(problemFeedback(error).validationErrors).length > 0) setPending(null);
    },
  });
  const { validationErrors } = problemFeedback(erase.error);
  const reachable = erasesAnything(kind, reach);
  return (
    <section className="settings-card" aria-labelledby="erase-heading">
      <h2 id="erase-heading">Erase a person’s data</h2>
      <p>
        For a person who asks to have what they sent erased. Erases {erasedKinds('context', reach)} whose context has
        the member you name with exactly that value (or, for page responses, the contact email they gave), in every
        inbox and on every page. It cannot be undone.
      </p>
      <Form
        className="stack"
        validationErrors={validationErrors}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const text = (name: string) => String(form.get(name) ?? '').trim();
          setResult('');
          erase.reset();
          setPending(
            kind === 'context'
              ? { kind, name: text('context'), value: text('value') }
              : { kind, email: text('contact.email') },
          );
        }}
      >
        <SelectField
          label="The person is named by"
          options={reach.responses ? NAMED_BY : NAMED_BY.slice(0, 1)}
          value={kind}
          onChange={(id) => setKind(id as ErasureSubject['kind'])}
        />
        {kind === 'context' ? (
          <>
            <TextField
              label="Context member"
              name="context"
              required
              autoComplete="off"
              spellCheck={false}
              description="The top-level member of the context your site sends, such as userId."
            />
            <TextField label="Value" name="value" required autoComplete="off" spellCheck={false} />
          </>
        ) : (
          <TextField
            label="Contact email"
            name="contact.email"
            type="email"
            required
            autoComplete="off"
            description="Erases feedback page responses only: feedback items carry no contact email. To erase the person’s feedback too, name them by a context member as well."
          />
        )}
        <div>
          <Button type="submit" variant="danger" disabled={!reachable}>
            Erase…
          </Button>
        </div>
      </Form>
      <Alert tone="success">{result}</Alert>
      <ConfirmDialog
        title={pending ? `Erase the data of ${subjectLabel(pending)}?` : 'Erase?'}
        confirmLabel="Erase"
        isOpen={pending !== null}
        onOpenChange={(open) => {
          if (!open) {
            setPending(null);
            erase.reset();
          }
        }}
        onConfirm={() => pending && erase.mutate(pending)}
        pending={erase.isPending}
        error={erase.error}
      >
        {pending && (
          <p>
            Erases {erasedKinds(pending.kind, reach)} of {subjectLabel(pending)}, with their notes, activity and share
            of the statistics. This cannot be undone.
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
