import type { Inbox } from '@hearback/client';
import { counted } from '@hearback/spec';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { inboxesQuery, organizationQuery } from '../api/organization.js';
import { usePermissions } from '../app/permissions.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ConfirmDialog, confirmFor } from '../ui/confirm-dialog.js';
import { CopyButton } from '../ui/copy-button.js';
import { type Column, DataTable } from '../ui/data-table.js';
import { PageHeader } from '../ui/page-header.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { InboxDialog } from './inbox-dialog.js';
import { brandsQuery } from './settings-queries.js';
import { inboxesSettingsRoute } from './settings-route.js';
import { When } from './when.js';

/** The organization's inboxes: each routes `/collect` submissions by its public inbox key. */
export function InboxesPage() {
  const { orgId } = inboxesSettingsRoute.useParams();
  const { may } = usePermissions();
  const queryClient = useQueryClient();
  const inboxes = useQuery(inboxesQuery(orgId));
  const brands = useQuery(brandsQuery(orgId));
  const [editing, setEditing] = useState<Inbox | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Inbox | null>(null);
  const [notice, setNotice] = useState('');
  const remove = useMutation({
    mutationFn: (inbox: Inbox) =>
      dataOf(
        api.DELETE('/organizations/{orgId}/inboxes/{inboxId}', { params: { path: { orgId, inboxId: inbox.id } } }),
      ),
    onSuccess: async (result, inbox) => {
      setDeleting(null);
      setNotice(`Deleted “${inbox.name}” and ${counted(result.feedbackDeleted, 'feedback item')}.`);
      await queryClient.invalidateQueries({ queryKey: inboxesQuery(orgId).queryKey });
      await queryClient.invalidateQueries({ queryKey: organizationQuery(orgId).queryKey });
    },
  });
  const brandName = new Map((brands.data?.data ?? []).map((brand) => [brand.id, brand.name]));
  const columns: Column<Inbox>[] = [
    { header: 'Name', cell: (inbox) => <strong>{inbox.name}</strong> },
    {
      header: 'Brand',
      cell: (inbox) =>
        inbox.brandId ? (brandName.get(inbox.brandId) ?? inbox.brandId) : <span className="muted">—</span>,
    },
    {
      header: 'Inbox key',
      cell: (inbox) => (
        <span className="row">
          <code>{inbox.inboxKey}</code>
          <CopyButton text={inbox.inboxKey} accessibleName={`Copy ${inbox.name}’s inbox key`} />
        </span>
      ),
    },
    { header: 'Created', cell: (inbox) => <When iso={inbox.createdAt} /> },
  ];
  if (may('updateInbox') || may('deleteInbox'))
    columns.push({
      header: 'Actions',
      hideHeader: true,
      cell: (inbox) => (
        <span className="row row-actions">
          {may('updateInbox') && (
            <Button variant="quiet" aria-label={`Edit ${inbox.name}`} onClick={() => setEditing(inbox)}>
              Edit
            </Button>
          )}
          {may('deleteInbox') && (
            <Button variant="quiet" aria-label={`Delete ${inbox.name}`} onClick={() => setDeleting(inbox)}>
              Delete
            </Button>
          )}
        </span>
      ),
    });

  return (
    <>
      <PageHeader title="Inboxes">
        {may('createInbox') && (
          <Button variant="primary" onClick={() => setEditing('new')}>
            New inbox
          </Button>
        )}
      </PageHeader>
      <Alert tone="success">{notice}</Alert>
      <Alert>{problemFeedback(inboxes.error ?? brands.error).formError}</Alert>
      {inboxes.data && (
        <DataTable
          caption="Inboxes"
          columns={columns}
          rows={inboxes.data.data}
          rowKey={(inbox) => inbox.id}
          empty={
            <p>
              No inboxes yet. An inbox collects the feedback of one place (a site, an app, a form): the widget sends to
              it with its inbox key.
            </p>
          }
        />
      )}
      {/* Each dialog goes with the act it offers: a role changed meanwhile (see followAccessChanges) closes it. */}
      {editing && may(editing === 'new' ? 'createInbox' : 'updateInbox') && (
        <InboxDialog
          key={editing === 'new' ? 'new' : editing.id}
          orgId={orgId}
          inbox={editing === 'new' ? undefined : editing}
          brands={brands.data?.data ?? []}
          onClose={() => setEditing(null)}
        />
      )}
      {may('deleteInbox') && (
        <ConfirmDialog
          title={`Delete “${deleting?.name ?? ''}”?`}
          confirmLabel="Delete inbox"
          {...confirmFor(deleting, () => setDeleting(null), remove)}
        >
          <p>
            Every feedback item collected into it is deleted with it, with their notes, and its inbox key stops
            collecting at once. This cannot be undone.
          </p>
        </ConfirmDialog>
      )}
    </>
  );
}
