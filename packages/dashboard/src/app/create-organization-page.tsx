import { OrganizationCreateInputSchema } from '@hearback/inputs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { accountQueryKey } from '../api/account.js';
import { api, dataOf } from '../api/client.js';
import { AuthLayout } from '../auth/auth-layout.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { AccessNotice } from './access-notice.js';

/** Creates an organization (the user becomes its owner): the first screen of a user with none. */
export function CreateOrganizationPage() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (name: string) => dataOf(api.POST('/organizations', { body: { name } })),
    // Pending (busy, presses ignored) until the new organization's guide is open: one click, one organization.
    onSuccess: async ({ organization }) => {
      // Stale now: the signed-in guard reads the account again and finds the new membership.
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
      await navigate({ to: '/orgs/$orgId/setup', params: { orgId: organization.id } });
    },
  });
  const input = useInputCheck(OrganizationCreateInputSchema);
  const { validationErrors, formError } = input.feedback(create.error);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const name = String(new FormData(event.currentTarget).get('name') ?? '');
    input.submit({ name }, (checked) => create.mutate(checked.name));
  }

  return (
    <AuthLayout title="Create your organization">
      {/* Where a person removed from their only organization lands: the notice says why. */}
      <AccessNotice />
      <p>Your team's feedback lives in an organization. You can invite people to it next.</p>
      <Form onSubmit={onSubmit} validationErrors={validationErrors} className="stack">
        <Alert>{formError}</Alert>
        <TextField label="Organization name" name="name" required autoFocus />
        <Button type="submit" variant="primary" pending={create.isPending}>
          Create organization
        </Button>
      </Form>
    </AuthLayout>
  );
}
