import type { AutomationInput, AutomationWithSecret } from '@hearback/client';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { usePermissions } from '../app/permissions.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ModalDialog } from '../ui/dialog.js';
import { PageHeader } from '../ui/page-header.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { SecretReveal } from '../ui/secret-reveal.js';
import { draftOf } from './automation-draft.js';
import { AutomationEditor } from './automation-editor.js';
import { automationQuery, useInvalidateAutomations, useUpdateAutomation } from './automation-queries.js';
import { DISABLED_REASON_TEXT, EnabledState } from './automation-state.js';
import { automationRoute } from './automations-route.js';
import { useHandedOverSigningSecret } from './created-secret.js';
import { FailingBanner } from './failing-banner.js';
import { TestPanel } from './test-panel.js';
import './automations.css';

/** Deletes the automation after the user confirms, then goes back to the list. */
function DeleteAutomation({ orgId, automationId, name }: { orgId: string; automationId: string; name: string }) {
  const [open, setOpen] = useState(false);
  const navigate = useNavigate();
  const invalidate = useInvalidateAutomations(orgId);
  const remove = useMutation({
    mutationFn: () =>
      dataOf(
        api.DELETE('/organizations/{orgId}/automations/{automationId}', { params: { path: { orgId, automationId } } }),
      ),
    onSuccess: async () => {
      await invalidate();
      await navigate({ to: '/orgs/$orgId/automations', params: { orgId } });
    },
  });
  return (
    <>
      <Button variant="danger" onClick={() => setOpen(true)}>
        Delete
      </Button>
      <ModalDialog title={`Delete “${name}”?`} isOpen={open} onOpenChange={setOpen}>
        {(close) => (
          <>
            <p>No more events are sent, and its delivery log is deleted with it. This cannot be undone.</p>
            <Alert>{problemFeedback(remove.error).formError}</Alert>
            <div className="row">
              <Button variant="danger" onClick={() => remove.mutate()} pending={remove.isPending}>
                Delete automation
              </Button>
              <Button onClick={close}>Cancel</Button>
            </div>
          </>
        )}
      </ModalDialog>
    </>
  );
}

/** A new signing secret (after the user confirms), shown once; the previous one stops working. */
function RotateSigningSecret({ orgId, automationId }: { orgId: string; automationId: string }) {
  const [open, setOpen] = useState(false);
  const [rotated, setRotated] = useState<AutomationWithSecret>();
  const rotate = useMutation({
    mutationFn: () =>
      dataOf(
        api.POST('/organizations/{orgId}/automations/{automationId}/rotate-signing-secret', {
          params: { path: { orgId, automationId } },
        }),
      ),
    onSuccess: (automation) => {
      setRotated(automation);
      setOpen(false);
    },
  });
  return (
    <section className="automation-panel" aria-labelledby="signing-title">
      <h2 id="signing-title">Signing secret</h2>
      <p className="muted">
        Requests carry a <code>webhook-signature</code> (Standard Webhooks) your receiver checks with this secret.
      </p>
      {rotated && <SecretReveal label="New signing secret" secret={rotated.signingSecret} />}
      <div>
        <Button onClick={() => setOpen(true)}>Rotate signing secret</Button>
      </div>
      <ModalDialog title="Rotate the signing secret?" isOpen={open} onOpenChange={setOpen}>
        {(close) => (
          <>
            <p>Deliveries are signed with the new secret from now on; the current one stops working at once.</p>
            <Alert>{problemFeedback(rotate.error).formError}</Alert>
            <div className="row">
              <Button variant="primary" onClick={() => rotate.mutate()} pending={rotate.isPending}>
                Rotate
              </Button>
              <Button onClick={close}>Cancel</Button>
            </div>
          </>
        )}
      </ModalDialog>
    </section>
  );
}

/** One automation: its editor, a test, enable/disable, its signing secret, delete, and a way to its log. */
export function AutomationPage() {
  const { orgId, automationId } = automationRoute.useParams();
  const { may } = usePermissions();
  const automation = useQuery(automationQuery(orgId, automationId));
  const update = useUpdateAutomation(orgId, automationId);
  const toggle = useUpdateAutomation(orgId, automationId);
  const [saved, setSaved] = useState(false);
  const createdSecret = useHandedOverSigningSecret(automationId);

  if (automation.isPending) return <p className="muted">Loading…</p>;
  if (automation.isError) return <Alert>{automation.error.message}</Alert>;
  const current = automation.data;
  const save = ({ enabled: _enabled, filter, ...input }: AutomationInput) => {
    setSaved(false);
    // The editor's `enabled` is as loaded; the toggle above owns it.
    update.mutate(
      { ...input, filter: filter && Object.keys(filter).length > 0 ? filter : null },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <div className="automations">
      <PageHeader title={current.name}>
        <EnabledState automation={current} />
        <Link
          className="button button-secondary"
          to="/orgs/$orgId/automations/$automationId/deliveries"
          params={{ orgId, automationId }}
          search={{}}
        >
          Delivery log
        </Link>
        {may('updateAutomation') && (
          <Button onClick={() => toggle.mutate({ enabled: !current.enabled })} pending={toggle.isPending}>
            {current.enabled ? 'Disable' : 'Enable'}
          </Button>
        )}
        {may('deleteAutomation') && <DeleteAutomation orgId={orgId} automationId={automationId} name={current.name} />}
      </PageHeader>
      <p className="breadcrumb">
        <Link to="/orgs/$orgId/automations" params={{ orgId }}>
          All automations
        </Link>
      </p>
      {current.disabledReason && <Alert tone="info">{DISABLED_REASON_TEXT[current.disabledReason]}</Alert>}
      {createdSecret && (
        <div className="stack created-automation">
          <Alert tone="success">Automation “{current.name}” created.</Alert>
          <p>
            Every request is signed with <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>: your
            receiver verifies the <code>webhook-signature</code> header with this secret.
          </p>
          <SecretReveal label="Signing secret" secret={createdSecret} />
        </div>
      )}
      <FailingBanner orgId={orgId} automation={current} />
      <Alert>{problemFeedback(toggle.error).formError}</Alert>
      {may('testAutomation') && (
        <div className="automation-tools">
          <TestPanel orgId={orgId} automation={current} />
          <RotateSigningSecret orgId={orgId} automationId={automationId} />
        </div>
      )}
      <h2 className="section-title">Settings</h2>
      {saved && !update.isPending && <Alert tone="success">Saved.</Alert>}
      <AutomationEditor
        key={current.id}
        orgId={orgId}
        initial={draftOf(current)}
        submitLabel="Save changes"
        onSubmit={save}
        pending={update.isPending}
        error={update.error}
        readOnly={!may('updateAutomation')}
      />
    </div>
  );
}
