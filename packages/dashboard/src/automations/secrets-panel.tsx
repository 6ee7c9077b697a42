import type { Secret } from '@hearback/client';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { orgKey } from '../api/organization.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ModalDialog } from '../ui/dialog.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { previewKey } from './automation-queries.js';

/** After a change: the list, and the previews (a missing secret's warning may come or go). */
function useRefreshSecrets(orgId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: secretsQuery(orgId).queryKey }),
      queryClient.invalidateQueries({ queryKey: previewKey(orgId) }),
    ]);
}

const secretsQuery = (orgId: string) =>
  queryOptions({
    queryKey: [...orgKey(orgId), 'secrets'],
    queryFn: () =>
      dataOf(api.GET('/organizations/{orgId}/secrets', { params: { path: { orgId }, query: { limit: 200 } } })),
  });

/** A write-only value field: typed, sent, never shown back (the API never returns it). */
function SecretValueField({ label }: { label: string }) {
  return <TextField label={label} name="value" type="password" autoComplete="off" required spellCheck={false} />;
}

/** Sets a new value for one secret (PUT), in place. */
function ReplaceValue({ orgId, secret, onDone }: { orgId: string; secret: Secret; onDone: () => void }) {
  const refresh = useRefreshSecrets(orgId);
  const put = useMutation({
    mutationFn: (value: string) =>
      dataOf(
        api.PUT('/organizations/{orgId}/secrets/{name}', {
          params: { path: { orgId, name: secret.name } },
          body: { value },
        }),
      ),
    onSuccess: () => {
      onDone();
      return refresh();
    },
  });
  const { validationErrors, formError } = problemFeedback(put.error);
  return (
    <Form
      className="secret-replace"
      validationErrors={validationErrors}
      onSubmit={(event) => {
        event.preventDefault();
        put.mutate(String(new FormData(event.currentTarget).get('value')));
      }}
    >
      <SecretValueField label={`New value of ${secret.name}`} />
      <Alert>{formError}</Alert>
      <div className="row">
        <Button type="submit" variant="primary" pending={put.isPending}>
          Save value
        </Button>
        <Button onClick={onDone}>Cancel</Button>
      </div>
    </Form>
  );
}

/** Deletes a secret after the user confirms; the server refuses one an automation still uses, naming them. */
function DeleteSecret({ orgId, secret }: { orgId: string; secret: Secret }) {
  const refresh = useRefreshSecrets(orgId);
  const [open, setOpen] = useState(false);
  const remove = useMutation({
    mutationFn: () =>
      dataOf(api.DELETE('/organizations/{orgId}/secrets/{name}', { params: { path: { orgId, name: secret.name } } })),
    onSuccess: () => {
      setOpen(false);
      return refresh();
    },
  });
  return (
    <>
      <Button variant="quiet" onClick={() => setOpen(true)} aria-label={`Delete secret ${secret.name}`}>
        Delete
      </Button>
      <ModalDialog title={`Delete the secret ${secret.name}?`} isOpen={open} onOpenChange={setOpen}>
        {(close) => (
          <>
            <p>
              An automation that uses <code>{`{{secrets.${secret.name}}}`}</code> keeps it from being deleted: remove it
              from those automations first.
            </p>
            <Alert>{problemFeedback(remove.error).formError}</Alert>
            <div className="row">
              <Button variant="danger" onClick={() => remove.mutate()} pending={remove.isPending}>
                Delete secret
              </Button>
              <Button onClick={close}>Cancel</Button>
            </div>
          </>
        )}
      </ModalDialog>
    </>
  );
}

/**
 * The organization's secrets, which templates reference as `{{secrets.NAME}}`: their names, a new
 * one, a value replaced, one deleted. Values are write-only: the server never returns them.
 */
export function SecretsPanel({ orgId }: { orgId: string }) {
  const refresh = useRefreshSecrets(orgId);
  const secrets = useQuery(secretsQuery(orgId));
  const [replacing, setReplacing] = useState<string>();
  const [formKey, setFormKey] = useState(0);
  const create = useMutation({
    mutationFn: (body: { name: string; value: string }) =>
      dataOf(api.POST('/organizations/{orgId}/secrets', { params: { path: { orgId } }, body })),
    onSuccess: () => {
      setFormKey((key) => key + 1);
      return refresh();
    },
  });
  const { validationErrors, formError } = problemFeedback(create.error);
  const onCreate = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    create.mutate({ name: String(data.get('name')).trim(), value: String(data.get('value')) });
  };

  return (
    <section className="automation-panel" aria-labelledby="secrets-title">
      <h2 id="secrets-title">Secrets</h2>
      <p className="muted">
        Values are stored encrypted and never shown again. Use one in a header or the body as{' '}
        <code>{'{{secrets.NAME}}'}</code>.
      </p>
      {secrets.isError && <Alert>{secrets.error.message}</Alert>}
      {secrets.data && secrets.data.data.length > 0 && (
        <ul className="secret-list" aria-label="Secrets of the organization">
          {secrets.data.data.map((secret) => (
            <li key={secret.name} className="secret-item">
              <div className="secret-line">
                <code className="secret-name">{`{{secrets.${secret.name}}}`}</code>
                <span className="secret-actions">
                  <Button
                    variant="quiet"
                    onClick={() => setReplacing(secret.name)}
                    aria-label={`Replace the value of ${secret.name}`}
                  >
                    Replace
                  </Button>
                  <DeleteSecret orgId={orgId} secret={secret} />
                </span>
              </div>
              {replacing === secret.name && (
                <ReplaceValue orgId={orgId} secret={secret} onDone={() => setReplacing(undefined)} />
              )}
            </li>
          ))}
        </ul>
      )}
      <Form key={formKey} className="stack" validationErrors={validationErrors} onSubmit={onCreate}>
        <h3>Add a secret</h3>
        <TextField
          label="Secret name"
          name="name"
          required
          autoComplete="off"
          spellCheck={false}
          placeholder="API_TOKEN"
        />
        <SecretValueField label="Secret value" />
        <Alert>{formError}</Alert>
        <Button type="submit" pending={create.isPending}>
          Add secret
        </Button>
      </Form>
    </section>
  );
}
