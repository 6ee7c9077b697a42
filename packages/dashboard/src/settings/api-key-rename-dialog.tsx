import type { ApiKey } from '@hearback/client';
import { ApiKeyUpdateInputSchema } from '@hearback/inputs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '../api/client.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ModalDialog } from '../ui/dialog.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { apiKeysQuery } from './settings-queries.js';

/** Renames a key (its scopes, brand and expiry are fixed at creation). */
export function ApiKeyRenameDialog({ orgId, apiKey, onClose }: { orgId: string; apiKey: ApiKey; onClose: () => void }) {
  const queryClient = useQueryClient();
  const rename = useMutation({
    mutationFn: (name: string) =>
      dataOf(
        api.PATCH('/organizations/{orgId}/api-keys/{keyId}', {
          params: { path: { orgId, keyId: apiKey.id } },
          body: { name },
        }),
      ),
    onSuccess: async () => {
      onClose();
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery(orgId).queryKey });
    },
  });
  const input = useInputCheck(ApiKeyUpdateInputSchema);
  const { validationErrors, formError } = input.feedback(rename.error);
  return (
    <ModalDialog title={`Rename “${apiKey.name}”`} isOpen onOpenChange={(open) => !open && onClose()}>
      {(close) => (
        <Form
          className="stack dialog-form"
          validationErrors={validationErrors}
          onSubmit={(event) => {
            event.preventDefault();
            const name = String(new FormData(event.currentTarget).get('name') ?? '');
            input.submit({ name }, (checked) => rename.mutate(checked.name));
          }}
        >
          <TextField label="Name" name="name" defaultValue={apiKey.name} required />
          <Alert>{formError}</Alert>
          <div className="dialog-actions">
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="primary" pending={rename.isPending}>
              Save
            </Button>
          </div>
        </Form>
      )}
    </ModalDialog>
  );
}
