import type { ApiKey } from '@hearback/client';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { usePermissions } from '../app/permissions.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ConfirmDialog, confirmFor } from '../ui/confirm-dialog.js';
import { type Column, DataTable } from '../ui/data-table.js';
import { PageHeader } from '../ui/page-header.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { ApiKeyDialog } from './api-key-dialog.js';
import { ApiKeyRenameDialog } from './api-key-rename-dialog.js';
import { apiKeysQuery, brandsQuery } from './settings-queries.js';
import { apiKeysSettingsRoute } from './settings-route.js';
import { When } from './when.js';

/** Whether a key still opens the API: revoked and expired keys do not. */
function keyState(key: ApiKey, now: number): 'Active' | 'Revoked' | 'Expired' {
  if (key.revokedAt) return 'Revoked';
  if (key.expiresAt && new Date(key.expiresAt).getTime() <= now) return 'Expired';
  return 'Active';
}

/** The organization's API keys: what each may do, and when it was last used; create, rename, revoke. */
export function ApiKeysPage() {
  const { orgId } = apiKeysSettingsRoute.useParams();
  const { may } = usePermissions();
  const queryClient = useQueryClient();
  const keys = useQuery(apiKeysQuery(orgId));
  const brands = useQuery(brandsQuery(orgId));
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<ApiKey | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const revoke = useMutation({
    mutationFn: (key: ApiKey) =>
      dataOf(
        api.POST('/organizations/{orgId}/api-keys/{keyId}/revoke', { params: { path: { orgId, keyId: key.id } } }),
      ),
    onSuccess: async () => {
      setRevoking(null);
      await queryClient.invalidateQueries({ queryKey: apiKeysQuery(orgId).queryKey });
    },
  });
  const now = Date.now();
  const brandName = new Map((brands.data?.data ?? []).map((brand) => [brand.id, brand.name]));
  const columns: Column<ApiKey>[] = [
    {
      header: 'Name',
      cell: (key) => (
        <>
          <strong>{key.name}</strong> <span className="muted nowrap">…{key.hint}</span>
        </>
      ),
    },
    {
      header: 'Scopes',
      cell: (key) => (
        <span className="chips">
          {key.scopes.map((scope) => (
            <code key={scope} className="chip">
              {scope}
            </code>
          ))}
        </span>
      ),
    },
    {
      header: 'Brand',
      cell: (key) => (key.brandId ? (brandName.get(key.brandId) ?? key.brandId) : <span className="muted">All</span>),
    },
    { header: 'Created', cell: (key) => <When iso={key.createdAt} /> },
    { header: 'Last used', cell: (key) => <When iso={key.lastUsedAt} none="Never" /> },
    { header: 'Expires', cell: (key) => <When iso={key.expiresAt} none="Never" /> },
    {
      header: 'State',
      cell: (key) => {
        const state = keyState(key, now);
        return <span className={`key-state key-state-${state.toLowerCase()}`}>{state}</span>;
      },
    },
  ];
  if (may('updateApiKey') || may('revokeApiKey'))
    columns.push({
      header: 'Actions',
      hideHeader: true,
      cell: (key) =>
        key.revokedAt ? null : (
          <span className="row row-actions">
            {may('updateApiKey') && (
              <Button variant="quiet" aria-label={`Rename ${key.name}`} onClick={() => setRenaming(key)}>
                Rename
              </Button>
            )}
            {may('revokeApiKey') && (
              <Button variant="quiet" aria-label={`Revoke ${key.name}`} onClick={() => setRevoking(key)}>
                Revoke
              </Button>
            )}
          </span>
        ),
    });

  return (
    <>
      <PageHeader title="API keys">
        {may('createApiKey') && (
          <Button variant="primary" onClick={() => setCreating(true)}>
            New API key
          </Button>
        )}
      </PageHeader>
      <Alert>{problemFeedback(keys.error).formError}</Alert>
      {keys.data && (
        <DataTable
          caption="API keys"
          columns={columns}
          rows={keys.data.data}
          rowKey={(key) => key.id}
          empty={
            <p>
              No API keys yet. A key lets a widget, a server or an agent call the API: sending feedback, reading it, or
              changing settings, as its scopes allow.
            </p>
          }
        />
      )}
      {/* Each dialog goes with the act it offers: a role changed meanwhile (see followAccessChanges) closes it. */}
      {creating && may('createApiKey') && <ApiKeyDialog orgId={orgId} onClose={() => setCreating(false)} />}
      {renaming && may('updateApiKey') && (
        <ApiKeyRenameDialog orgId={orgId} apiKey={renaming} onClose={() => setRenaming(null)} />
      )}
      {may('revokeApiKey') && (
        <ConfirmDialog
          title={`Revoke “${revoking?.name ?? ''}”?`}
          confirmLabel="Revoke key"
          {...confirmFor(revoking, () => setRevoking(null), revoke)}
        >
          <p>
            Everything using this key is refused from its next request. A revoked key cannot be restored: create a new
            one instead.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
