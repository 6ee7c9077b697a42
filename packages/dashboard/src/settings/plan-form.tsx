import type { Organization, Plan } from '@hearback/client';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { accountQueryKey } from '../api/account.js';
import { api, dataOf } from '../api/client.js';
import { organizationQuery } from '../api/organization.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { Form } from '../ui/form.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { SelectField } from '../ui/select.js';
import { PLAN_NAMES } from './plan-names.js';

const PLAN_OPTIONS = Object.entries(PLAN_NAMES).map(([id, label]) => ({ id, label }));

/** The plan change, offered to an administrator of this Hearback instance (the API's rule). */
export function PlanForm({ organization }: { organization: Organization }) {
  const queryClient = useQueryClient();
  const [plan, setPlan] = useState<Plan>(organization.plan);
  const change = useMutation({
    mutationFn: (chosen: Plan) =>
      dataOf(
        api.PATCH('/organizations/{orgId}/plan', {
          params: { path: { orgId: organization.id } },
          body: { plan: chosen },
        }),
      ),
    onSuccess: async () => {
      // The answer has the plan; the caps come with the organization's usage, so read it again.
      await queryClient.invalidateQueries({ queryKey: organizationQuery(organization.id).queryKey });
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
    },
  });
  const { validationErrors, formError } = problemFeedback(change.error);
  return (
    <Form
      className="row plan-form"
      validationErrors={validationErrors}
      onSubmit={(event) => {
        event.preventDefault();
        change.mutate(plan);
      }}
    >
      <SelectField
        label="Plan (instance administrators)"
        name="plan"
        options={PLAN_OPTIONS}
        value={plan}
        onChange={(id) => setPlan(id as Plan)}
      />
      <Button type="submit" pending={change.isPending} disabled={plan === organization.plan}>
        Change plan
      </Button>
      <Alert>{formError}</Alert>
    </Form>
  );
}
