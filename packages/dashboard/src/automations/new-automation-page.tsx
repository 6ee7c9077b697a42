import type { AutomationInput } from '@hearback/client';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { api, dataOf } from '../api/client.js';
import { PageHeader } from '../ui/page-header.js';
import { EMPTY_DRAFT } from './automation-draft.js';
import { AutomationEditor } from './automation-editor.js';
import { useInvalidateAutomations } from './automation-queries.js';
import { newAutomationRoute } from './automations-route.js';
import { handOverSigningSecret } from './created-secret.js';
import './automations.css';

/** Creates an automation, then opens it (its URL), where its signing secret is shown once. */
export function NewAutomationPage() {
  const { orgId } = newAutomationRoute.useParams();
  const invalidate = useInvalidateAutomations(orgId);
  const navigate = useNavigate();
  const create = useMutation({
    mutationFn: (input: AutomationInput) =>
      dataOf(api.POST('/organizations/{orgId}/automations', { params: { path: { orgId } }, body: input })),
    onSuccess: async (automation) => {
      handOverSigningSecret(automation.id, automation.signingSecret);
      await invalidate();
      // Replaced, not pushed: Back leaves the automation rather than reopening an empty form.
      await navigate({
        to: '/orgs/$orgId/automations/$automationId',
        params: { orgId, automationId: automation.id },
        replace: true,
      });
    },
  });

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
