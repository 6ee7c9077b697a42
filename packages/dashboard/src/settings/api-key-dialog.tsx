import type { CreatedApiKey } from '@hearback/client';
import { ApiKeyCreateInputSchema } from '@hearback/inputs';
import { KEY_SCOPES, type KeyScope } from '@hearback/spec';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { SCOPE_DESCRIPTIONS } from '../app/scope-descriptions.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ModalDialog } from '../ui/dialog.js';
import { TextField } from '../ui/fields.js';
import { Form, useFieldError } from '../ui/form.js';
import { SecretReveal } from '../ui/secret-reveal.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { BrandChoice } from './brand-choice.js';
import { apiKeysQuery, brandsQuery } from './settings-queries.js';

/** The scopes as checkboxes, each with what it allows; the server's error for `scopes` below them. */
function ScopeChoice() {
  const id = useId();
  const error = useFieldError('scopes');
  return (
    <fieldset className="scope-choice" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">Scopes</legend>
      {KEY_SCOPES.map((scope) => (
        <label key={scope} className="scope-option">
          <input type="checkbox" className="checkbox" name="scopes" value={scope} />
          <span>
            <code>{scope}</code> <span className="muted">{SCOPE_DESCRIPTIONS[scope]}</span>
          </span>
        </label>
      ))}
      {error && (
        <span id={`${id}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </fieldset>
  );
}

/** A date picked in the form as the instant it starts in this browser's zone, as the API wants it. */
const startOfDay = (date: string) => (date ? new Date(`${date}T00:00:00`).toISOString() : null);

/** Creates an API key, then shows its secret once. */
export function ApiKeyDialog({ orgId, onClose }: { orgId: string; onClose: () => void }) {
  const queryClient = useQueryClient();
  const brands = useQuery(brandsQuery(orgId));
  const [brandId, setBrandId] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiKey>();
  const create = useMutation({
    mutationFn: (body: { name: string; scopes: KeyScope[]; brandId: string | null; expiresAt: string | null }) =>
      dataOf(api.POST('/organizations/{orgId}/api-keys', { params: { path: { orgId } }, body })),
    onSuccess: async (key) => {
      setCreated(key);
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery(orgId).queryKey });
    },
  });
  const input = useInputCheck(ApiKeyCreateInputSchema);
  const { validationErrors, formError } = input.feedback(create.error);
  return (
    <ModalDialog
      title={created ? `Key “${created.name}” created` : 'New API key'}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      {(close) =>
        created ? (
          <div className="stack dialog-form">
            <SecretReveal label="The key's secret" secret={created.secret} />
            <p className="muted">Send it as the X-Service-Key header. The list shows only its last four characters.</p>
            <div className="dialog-actions">
              <Button variant="primary" onClick={close}>
                Done
              </Button>
            </div>
          </div>
        ) : (
          <Form
            className="stack dialog-form"
            validationErrors={validationErrors}
            onSubmit={(event) => {
              event.preventDefault();
              const form = new FormData(event.currentTarget);
              const body = {
                name: String(form.get('name') ?? ''),
                scopes: form.getAll('scopes').map(String) as KeyScope[],
                brandId,
                expiresAt: startOfDay(String(form.get('expiresAt') ?? '')),
              };
              input.submit(body, (checked) => create.mutate(checked));
            }}
          >
            <TextField
              label="Name"
              name="name"
              required
              description="Who or what uses it, e.g. “Production backend”."
            />
            <ScopeChoice />
            <BrandChoice
              brands={brands.data?.data ?? []}
              value={brandId}
              onChange={setBrandId}
              noBrandLabel="Every brand (organization-wide)"
            />
            <TextField
              label="Expires on (optional)"
              name="expiresAt"
              type="date"
              description="The key stops working at the start of that day. Empty: it never expires."
            />
            <Alert>{formError}</Alert>
            <div className="dialog-actions">
              <Button onClick={close}>Cancel</Button>
              <Button type="submit" variant="primary" pending={create.isPending}>
                Create key
              </Button>
            </div>
          </Form>
        )
      }
    </ModalDialog>
  );
}
