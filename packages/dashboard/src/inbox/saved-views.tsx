import type { FeedbackListQuery } from '@hearback/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { FormEvent } from 'react';
import { api, dataOf } from '../api/client.js';
import { orgKey } from '../api/organization.js';
import { usePermissions } from '../app/permissions.js';
import { Button } from '../ui/button.js';
import { Disclosure } from '../ui/disclosure.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { searchOfFilters } from './inbox-search.js';

const viewsKey = (orgId: string) => [...orgKey(orgId), 'views'] as const;
// Loaded apart: zod would not fit the inbox's first-load budget.
const loadViewNameInput = () => import('@hearback/inputs').then((inputs) => inputs.ViewNameInputSchema);

/** The team's saved filters: open one, save the current filters as one, delete one. */
export function SavedViews({ orgId, current }: { orgId: string; current: FeedbackListQuery }) {
  const queryClient = useQueryClient();
  const { may } = usePermissions();
  const views = useQuery({
    queryKey: viewsKey(orgId),
    queryFn: () =>
      dataOf(api.GET('/organizations/{orgId}/views', { params: { path: { orgId }, query: { limit: 100 } } })),
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: viewsKey(orgId) });
  const save = useMutation({
    mutationFn: (name: string) =>
      dataOf(
        api.POST('/organizations/{orgId}/views', { params: { path: { orgId } }, body: { name, filters: current } }),
      ),
    onSuccess: refresh,
  });
  const remove = useMutation({
    mutationFn: (viewId: string) =>
      dataOf(api.DELETE('/organizations/{orgId}/views/{viewId}', { params: { path: { orgId, viewId } } })),
    onSuccess: refresh,
  });
  const input = useInputCheck(loadViewNameInput);
  const { validationErrors, formError } = input.feedback(save.error);

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const name = String(new FormData(form).get('name') ?? '');
    input.submit({ name }, (checked) => save.mutate(checked.name, { onSuccess: () => form.reset() }));
  }

  return (
    <Disclosure
      className="saved-views"
      summary="Views"
      // Opened again, the form starts clean: an old refusal no longer describes what it holds.
      onClose={() => {
        input.reset();
        save.reset();
      }}
    >
      <div className="menu">
        <ul className="views-list">
          {(views.data?.data ?? []).map((view) => (
            <li key={view.id} className="row">
              <Link
                to="/orgs/$orgId/inbox"
                params={{ orgId }}
                search={searchOfFilters(view.filters)}
                className="menu-item view-link"
              >
                {view.name}
              </Link>
              {may('deleteView') && (
                <Button
                  variant="quiet"
                  aria-label={`Delete the view ${view.name}`}
                  onClick={() => remove.mutate(view.id)}
                >
                  ×
                </Button>
              )}
            </li>
          ))}
          {views.isSuccess && views.data.data.length === 0 && (
            <li className="muted menu-header">No saved views yet.</li>
          )}
        </ul>
        {may('createView') && (
          <Form onSubmit={onSubmit} validationErrors={validationErrors} className="stack view-form">
            {formError && (
              <p className="field-error" role="alert">
                {formError}
              </p>
            )}
            <TextField label="Save these filters as" name="name" required placeholder="Unhappy NPS, untriaged" />
            <Button type="submit" pending={save.isPending}>
              Save view
            </Button>
          </Form>
        )}
      </div>
    </Disclosure>
  );
}
