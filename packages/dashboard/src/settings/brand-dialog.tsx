import type { Brand } from '@hearback/client';
import { BrandInputSchema } from '@hearback/inputs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../api/client.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ModalDialog } from '../ui/dialog.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { brandsQuery } from './settings-queries.js';

/** Creates a brand, or renames one (`brand` given). */
export function BrandDialog({
  orgId,
  brand,
  onClose,
}: {
  orgId: string;
  brand?: Brand | undefined;
  onClose: () => void;
}) {
  const queryClient = useQueryClient();
  const save = useMutation({
    mutationFn: (body: { name: string }) =>
      brand
        ? dataOf(
            api.PATCH('/organizations/{orgId}/brands/{brandId}', {
              params: { path: { orgId, brandId: brand.id } },
              body,
            }),
          )
        : dataOf(api.POST('/organizations/{orgId}/brands', { params: { path: { orgId } }, body })),
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: brandsQuery(orgId).queryKey });
    },
  });
  const input = useInputCheck(BrandInputSchema);
  const { validationErrors, formError } = input.feedback(save.error);
  return (
    <ModalDialog
      title={brand ? `Rename “${brand.name}”` : 'New brand'}
      isOpen
      onOpenChange={(open) => !open && onClose()}
    >
      {(close) => (
        <Form
          className="stack dialog-form"
          validationErrors={validationErrors}
          onSubmit={(event) => {
            event.preventDefault();
            const body = { name: String(new FormData(event.currentTarget).get('name') ?? '') };
            input.submit(body, (checked) => save.mutate(checked));
          }}
        >
          <TextField label="Name" name="name" defaultValue={brand?.name} required />
          <Alert>{formError}</Alert>
          <div className="dialog-actions">
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="primary" pending={save.isPending}>
              {brand ? 'Save' : 'Create brand'}
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}
