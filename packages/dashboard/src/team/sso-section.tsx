import type { SsoConnection, SsoInput } from '@hearback/client';
import { SsoInputSchema } from '@hearback/inputs';
import { ASSIGNABLE_ROLES, type AssignableRole, capitalized } from '@hearback/spec';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiProblem, api, dataOf } from '../api/client.js';
import { usePermissions } from '../app/permissions.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ConfirmDialog } from '../ui/confirm-dialog.js';
import { CopyButton } from '../ui/copy-button.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { SelectField } from '../ui/select.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { SsoDomains } from './sso-domains.js';
import { ssoQuery } from './team-queries.js';
import { useTeamMutation } from './use-team-mutation.js';

const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ id: role, label: capitalized(role) }));

/** Domains as typed: one per line, or separated by commas or spaces. */
const domainsOf = (text: string) => text.split(/[\s,]+/).filter(Boolean);

/** The server names a bad domain by its index (`emailDomains.1`); the one field shows them all. */
function withDomainErrors(errors: Record<string, string>, typed: readonly string[]): Record<string, string> {
  const domainErrors = Object.entries(errors)
    .filter(([path]) => path.startsWith('emailDomains.'))
    .map(([path, message]) => `${typed[Number(path.split('.')[1])] ?? path}: ${message}`);
  return domainErrors.length === 0 ? errors : { ...errors, emailDomains: domainErrors.join(' ') };
}

/** The provider's settings; the client secret is write-only, so saving asks for it every time. */
function SsoForm({ orgId, connection }: { orgId: string; connection: SsoConnection | null }) {
  const [defaultRole, setDefaultRole] = useState<AssignableRole>(connection?.defaultRole ?? 'member');
  const [typedDomains, setTypedDomains] = useState<string[]>([]);
  const save = useTeamMutation(orgId, (body: SsoInput) =>
    dataOf(api.PUT('/organizations/{orgId}/sso', { params: { path: { orgId } }, body })),
  );
  const input = useInputCheck(SsoInputSchema);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const fields = new FormData(form);
    const emailDomains = domainsOf(String(fields.get('emailDomains')));
    setTypedDomains(emailDomains);
    const body = {
      issuer: String(fields.get('issuer')).trim(),
      clientId: String(fields.get('clientId')).trim(),
      clientSecret: String(fields.get('clientSecret')),
      emailDomains,
      defaultRole,
    };
    input.submit(body, (checked) =>
      save.mutate(checked, {
        onSuccess: () => {
          const secret = form.elements.namedItem('clientSecret');
          if (secret instanceof HTMLInputElement) secret.value = '';
        },
      }),
    );
  }

  const { validationErrors, formError } = input.feedback(save.error);
  return (
    <Form
      validationErrors={withDomainErrors(validationErrors, typedDomains)}
      onSubmit={onSubmit}
      className="stack sso-form"
      aria-labelledby="sso-form-title"
    >
      <h3 id="sso-form-title">{connection ? 'Provider' : 'Connect your identity provider'}</h3>
      <TextField
        label="Issuer URL"
        name="issuer"
        type="url"
        required
        defaultValue={connection?.issuer}
        placeholder="https://login.example.com"
        description="Your OpenID Connect provider’s issuer; its discovery document is read at each sign-in."
      />
      <TextField label="Client ID" name="clientId" required defaultValue={connection?.clientId} />
      <TextField
        label="Client secret"
        name="clientSecret"
        type="password"
        autoComplete="off"
        required
        description={
          connection
            ? 'Stored sealed and never shown again: type it again to save changes.'
            : 'Stored sealed and never shown again.'
        }
      />
      <TextField
        label="Email domains"
        name="emailDomains"
        multiline
        required
        rows={3}
        defaultValue={connection?.emailDomains.map((entry) => entry.domain).join('\n')}
        description="One per line. People with an address at a verified domain sign in through this provider."
      />
      <SelectField
        label="Role of people who join by signing in"
        name="defaultRole"
        options={ROLE_OPTIONS}
        value={defaultRole}
        onChange={(role) => setDefaultRole(role as AssignableRole)}
      />
      <Alert>{formError}</Alert>
      {save.isSuccess && <Alert tone="success">Single sign-on saved.</Alert>}
      <div className="row">
        <Button type="submit" variant="primary" pending={save.isPending}>
          {connection ? 'Save changes' : 'Turn on single sign-on'}
        </Button>
      </div>
    </Form>
  );
}

/** Single sign-on: the plan gate, the provider's settings, the redirect URI, domains and their proof. */
export function SsoSection({ orgId }: { orgId: string }) {
  const { may } = usePermissions();
  const sso = useQuery(ssoQuery(orgId));
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const remove = useTeamMutation(orgId, () =>
    dataOf(api.DELETE('/organizations/{orgId}/sso', { params: { path: { orgId } } })),
  );

  if (sso.isPending) return null;
  if (sso.error instanceof ApiProblem && sso.error.code === 'plan_upgrade_required') {
    return (
      <div className="team-section">
        <Alert tone="info">
          <strong>Single sign-on needs a higher plan.</strong> {sso.error.message} The instance’s administrator can
          change the organization’s plan.
        </Alert>
      </div>
    );
  }
  if (sso.error) return <Alert>{problemFeedback(sso.error).formError}</Alert>;
  const connection = sso.data;
  return (
    <div className="stack team-section">
      <p>
        People of your company sign in with your OpenID Connect provider (Okta, Entra ID, Google Workspace, Keycloak…)
        and join this organization on their first sign-in.
      </p>
      {connection && (
        <div className="sso-redirect">
          <p>
            Register this redirect URI with your provider: <code>{connection.redirectUri}</code>{' '}
            <CopyButton text={connection.redirectUri} label="Copy redirect URI" />
          </p>
        </div>
      )}
      <SsoForm orgId={orgId} connection={connection} />
      {connection && <SsoDomains orgId={orgId} domains={connection.emailDomains} />}
      {connection && may('deleteSso') && (
        <div>
          <Button variant="danger" onClick={() => setConfirmingRemoval(true)}>
            Turn off single sign-on
          </Button>
          <ConfirmDialog
            title="Turn off single sign-on?"
            confirmLabel="Turn off"
            isOpen={confirmingRemoval}
            onOpenChange={(open) => {
              setConfirmingRemoval(open);
              if (!open) remove.reset();
            }}
            onConfirm={() => remove.mutate(undefined, { onSuccess: () => setConfirmingRemoval(false) })}
            pending={remove.isPending}
            error={remove.error}
          >
            <p>
              People can no longer sign in through your provider, and the domains’ verification is forgotten. Members
              keep their membership.
            </p>
          </ConfirmDialog>
        </div>
      )}
    </div>
  );
}
