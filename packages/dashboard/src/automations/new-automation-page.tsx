import type { AutomationInput, AutomationWithSecret } from '@hearback/client';
import { useMutation } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { PageHeader } from '../ui/page-header.js';
import { SecretReveal } from '../ui/secret-reveal.js';
import { EMPTY_DRAFT } from './automation-draft.js';
import { AutomationEditor } from './automation-editor.js';
import { useInvalidateAutomations } from './automation-queries.js';
import { newAutomationRoute } from './automations-route.js';
import './automations.css';

/** Creates an automation; its signing secret is shown here, once. */
export function NewAutomationPage() {
  const { orgId } = newAutomationRoute.useParams();
  const invalidate = useInvalidateAutomations(orgId);
  const [created, setCreated] = useState<AutomationWithSecret>();
  const create = useMutation({
    mutationFn: (input: AutomationInput) =>
      dataOf(api.POST('/organizations/{orgId}/automations', { params: { path: { orgId } }, body: input })),
    onSuccess: (automation) => {
      setCreated(automation);
      return invalidate();
    },
  });

  if (created) {
    return (
      <div className="automations">
        <PageHeader title={`Automation “${created.name}” created`} />
        <div className="stack created-automation">
          <p>
            Every request is signed with <a href="https://www.standardwebhooks.com/">Standard Webhooks</a>: your
            receiver verifies the <code>webhook-signature</code> header with this secret.
          </p>
          <SecretReveal label="Signing secret" secret={created.signingSecret} />
          <div className="row">
            <Link
              className="button button-primary"
              to="/orgs/$orgId/automations/$automationId"
              params={{ orgId, automationId: created.id }}
            >
              Open the automation
            </Link>
            <Link className="button button-secondary" to="/orgs/$orgId/automations" params={{ orgId }}>
              All automations
            </Link>
          </div>
        </div>
      </div>
    );
  }
  return (
    <div className="automations">
      <PageHeader title="New automation" />
      <AutomationEditor
        orgId={orgId}
        initial={EMPTY_DRAFT}
        submitLabel="Create automation"
        onSubmit={(input) => create.mutate(input)}
        pending={create.isPending}
        error={create.error}
        showEnabled
      />
    </div>
  );
}
