import type { Organization } from '@hearback/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { accountQueryKey } from '../api/account.js';
import { api, dataOf } from '../api/client.js';
import { orgKey } from '../api/organization.js';
import { expectOwnAccessChange } from '../app/access-changes.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ModalDialog } from '../ui/dialog.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { problemFeedback } from '../ui/problem-feedback.js';

/** The owner's last act: delete the organization, confirmed by typing its slug (the API checks it). */
export function DeleteOrganization({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: (confirm: string) =>
      dataOf(api.DELETE('/organizations/{orgId}', { params: { path: { orgId: organization.id } }, body: { confirm } })),
    onSuccess: async () => {
      expectOwnAccessChange(organization.id);
      queryClient.removeQueries({ queryKey: orgKey(organization.id) });
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
      await navigate({ to: '/' });
    },
  });
  const { validationErrors, formError } = problemFeedback(remove.error);
  return (
    <section className="settings-card settings-danger" aria-labelledby="delete-heading">
      <h2 id="delete-heading">Delete the organization</h2>
      <p>
        Deletes the organization with all its inboxes, feedback, feedback pages, automations, keys and members. Nothing
        is recoverable.
      </p>
      <div>
        <Button variant="danger" onClick={() => setOpen(true)}>
          Delete organization…
        </Button>
      </div>
      <ModalDialog
        title={`Delete ${organization.name}?`}
        isOpen={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) remove.reset();
        }}
      >
        {(close) => (
          <Form
            className="stack dialog-form"
            validationErrors={validationErrors}
            onSubmit={(event) => {
              event.preventDefault();
              remove.mutate(String(new FormData(event.currentTarget).get('confirm') ?? ''));
            }}
          >
            <p>Everything in it is deleted for good, for every member.</p>
            <TextField
              label={`Type “${organization.slug}” to confirm`}
              name="confirm"
              required
              autoComplete="off"
              spellCheck={false}
            />
            <Alert>{formError}</Alert>
            <div className="dialog-actions">
              <Button onClick={close}>Cancel</Button>
              <Button type="submit" variant="danger" pending={remove.isPending}>
                Delete organization
              </Button>
            </div>
          </Form>
        )}
      </ModalDialog>
    </section>
  );
}
