import type { Organization } from '@hearback/client';
import { OrganizationUpdateInputSchema } from '@hearback/inputs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { accountQueryKey } from '../api/account.js';
import { api, dataOf } from '../api/client.js';
import { organizationQuery } from '../api/organization.js';
import { usePermissions } from '../app/permissions.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { TimeZoneField } from './time-zone-field.js';

/** The organization's name and time zone (trends count days, weeks and months in it). */
export function OrganizationForm({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient();
  const { may } = usePermissions();
  const save = useMutation({
    mutationFn: (body: { name: string; timezone: string }) =>
      dataOf(api.PATCH('/organizations/{orgId}', { params: { path: { orgId: organization.id } }, body })),
    onSuccess: (updated) => {
      queryClient.setQueryData(organizationQuery(organization.id).queryKey, updated);
      // The switcher shows the name from the account.
      return queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
  });
  const input = useInputCheck(OrganizationUpdateInputSchema);
  const { validationErrors, formError } = input.feedback(save.error);
  const readOnly = !may('updateOrganization');
  return (
    <section className="settings-card" aria-labelledby="organization-heading">
      <h2 id="organization-heading">Organization</h2>
      <Form
        className="stack"
        validationErrors={validationErrors}
        onSubmit={(event) => {
          event.preventDefault();
          const form = new FormData(event.currentTarget);
          const body = { name: String(form.get('name') ?? ''), timezone: String(form.get('timezone') ?? '') };
          input.submit(body, (checked) => save.mutate(checked));
        }}
      >
        <TextField label="Name" name="name" defaultValue={organization.name} required readOnly={readOnly} />
        <TimeZoneField
          defaultValue={organization.timezone}
          readOnly={readOnly}
          description="Trends count days, weeks and months in this zone."
        />
        <p className="muted">
          Public feedback pages live under <code>/f/{organization.slug}/…</code>.
        </p>
        <Alert>{formError}</Alert>
        {save.isSuccess && !save.isPending && <Alert tone="success">Saved.</Alert>}
        {!readOnly && (
          <div>
            <Button type="submit" variant="primary" pending={save.isPending}>
              Save
            </Button>
          </div>
        )}
      </Form>
    </section>
  );
}
