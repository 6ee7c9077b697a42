import type { Brand } from '@hearback/client';
import { counted } from '@hearback/spec';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { inboxesQuery, orgKey } from '../api/organization.js';
import { usePermissions } from '../app/permissions.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ConfirmDialog, confirmFor } from '../ui/confirm-dialog.js';
import { type Column, DataTable } from '../ui/data-table.js';
import { PageHeader } from '../ui/page-header.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { BrandDialog } from './brand-dialog.js';
import { brandsQuery } from './settings-queries.js';
import { brandsSettingsRoute } from './settings-route.js';
import { When } from './when.js';

/** The organization's brands: products or labels that inboxes and keys can be limited to. */
export function BrandsPage() {
  const { orgId } = brandsSettingsRoute.useParams();
  const { may } = usePermissions();
  const queryClient = useQueryClient();
  const brands = useQuery(brandsQuery(orgId));
  const inboxes = useQuery(inboxesQuery(orgId));
  const [editing, setEditing] = useState<Brand | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Brand | null>(null);
  const [notice, setNotice] = useState('');
  const remove = useMutation({
    mutationFn: (brand: Brand) =>
      dataOf(api.DELETE('/organizations/{orgId}/brands/{brandId}', { params: { path: { orgId, brandId: brand.id } } })),
    onSuccess: async (result, brand) => {
      setDeleting(null);
      setNotice(`Deleted “${brand.name}”, and ${counted(result.apiKeysDeleted, 'API key')} limited to it.`);
      // Its inboxes became organization-wide and its keys are gone.
      await queryClient.invalidateQueries({ queryKey: orgKey(orgId) });
    },
  });
  const inboxCount = (brand: Brand) => (inboxes.data?.data ?? []).filter((inbox) => inbox.brandId === brand.id).length;
  const columns: Column<Brand>[] = [
    { header: 'Name', cell: (brand) => <strong>{brand.name}</strong> },
    { header: 'Inboxes', cell: (brand) => (inboxes.data ? inboxCount(brand) : '') },
    { header: 'Created', cell: (brand) => <When iso={brand.createdAt} /> },
  ];
  if (may('updateBrand') || may('deleteBrand'))
    columns.push({
      header: 'Actions',
      hideHeader: true,
      cell: (brand) => (
        <span className="row row-actions">
          {may('updateBrand') && (
            <Button variant="quiet" aria-label={`Rename ${brand.name}`} onClick={() => setEditing(brand)}>
              Rename
            </Button>
          )}
          {may('deleteBrand') && (
            <Button variant="quiet" aria-label={`Delete ${brand.name}`} onClick={() => setDeleting(brand)}>
              Delete
            </Button>
          )}
        </span>
      ),
    });

  return (
    <>
      <PageHeader title="Brands">
        {may('createBrand') && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            New brand
          </Button>
        )}
      </PageHeader>
      <Alert tone="success">{notice}</Alert>
      <Alert>{problemFeedback(brands.error).formError}</Alert>
      {brands.data && (
        <DataTable
          caption="Brands"
          columns={columns}
          rows={brands.data.data}
          rowKey={(brand) => brand.id}
          empty={
            <p>
              No brands yet. A brand separates the feedback of one product or label: its inboxes are filed under it, and
              an API key can be limited to it.
            </p>
          }
        />
      )}
      {/* Each dialog goes with the act it offers: a role changed meanwhile (see followAccessChanges) closes it. */}
      {editing && may(editing === 'new' ? 'createBrand' : 'updateBrand') && (
        <BrandDialog
          key={editing === 'new' ? 'new' : editing.id}
          orgId={orgId}
          brand={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
        />
      )}
      {may('deleteBrand') && (
        <ConfirmDialog
          title={`Delete “${deleting?.name ?? ''}”?`}
          confirmLabel="Delete brand"
          {...confirmFor(deleting, () => setDeleting(null), remove)}
        >
          <p>
            Its inboxes and their feedback stay, organization-wide. API keys limited to this brand are deleted with it
            and stop working at once.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
