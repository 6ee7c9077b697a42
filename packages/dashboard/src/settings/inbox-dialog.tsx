import type { Brand, Inbox } from '@hearback/client';
import { InboxCreateInputSchema, InboxUpdateInputSchema } from '@hearback/inputs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { inboxesQuery, organizationQuery } from '../api/organization.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ModalDialog } from '../ui/dialog.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { BrandChoice } from './brand-choice.js';

/** Creates an inbox, or renames one and moves it between brands (`inbox` given). */
export function InboxDialog({
  orgId,
  inbox,
  brands,
  onClose,
}: {
  orgId: string;
  inbox?: Inbox | undefined;
  brands: readonly Brand[];
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const [brandId, setBrandId] = useState<string | null>(inbox?.brandId ?? null);
  const save = useMutation({
    mutationFn: (body: { name: string; brandId: string | null }) =>
      inbox
        ? dataOf(
            api.PATCH('/organizations/{orgId}/inboxes/{inboxId}', {
              params: { path: { orgId, inboxId: inbox.id } },
              body,
            }),
          )
        : dataOf(api.POST('/organizations/{orgId}/inboxes', { params: { path: { orgId } }, body })),
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: inboxesQuery(orgId).queryKey });
      // The inbox count is one of the plan's caps.
      await queryClient.invalidateQueries({ queryKey: organizationQuery(orgId).queryKey });
    },
  });
  const input = useInputCheck(inbox ? InboxUpdateInputSchema : InboxCreateInputSchema);
  const { validationErrors, formError } = input.feedback(save.error);
  return (
    <ModalDialog
      title={inbox ? `Edit “${inbox.name}”` : 'New inbox'}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      {(close) => (
        <Form
          className="stack dialog-form"
          validationErrors={validationErrors}
          onSubmit={(event) => {
            event.preventDefault();
            const body = { name: String(new FormData(event.currentTarget).get('name') ?? ''), brandId };
            input.submit(body, (checked) => save.mutate(checked));
          }}
        >
          <TextField
            label="Name"
            name="name"
            defaultValue={inbox?.name}
            required
            description="Where its feedback comes from: a site, an app, a form."
          />
          <BrandChoice brands={brands} value={brandId} onChange={setBrandId} noBrandLabel="No brand" />
          <Alert>{formError}</Alert>
          <div className="dialog-actions">
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="primary" pending={save.isPending}>
              {inbox ? 'Save' : 'Create inbox'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}
