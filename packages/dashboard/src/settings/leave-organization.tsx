import type { Organization } from '@hearback/client';
import { keptUntilHandOver } from '@hearback/spec';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { accountQueryKey } from '../api/account.js';
import { api, dataOf } from '../api/client.js';
import { orgKey } from '../api/organization.js';
import { expectOwnAccessChange } from '../app/access-changes.js';
import { usePermissions } from '../app/permissions.js';
import { Button } from '../ui/button.js';
import { ConfirmDialog } from '../ui/confirm-dialog.js';

/**
 * The signed-in person leaves the organization, after a confirmation; the app then opens another
 * of their organizations, or the screen for someone with none. The owner is told to hand it over
 * first, as the server would answer (`keptUntilHandOver`).
 */
export function LeaveOrganization({ organization }: { organization: Organization }) {
  const { role } = usePermissions();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const leave = useMutation({
    mutationFn: () =>
      dataOf(api.POST('/organizations/{orgId}/leave', { params: { path: { orgId: organization.id } } })),
    // Before the request: the server ends this page's live stream as the membership ends, and the
    // account read that the closed stream prompts may come back before this request's answer.
    onMutate: () => expectOwnAccessChange(organization.id),
    onError: () => expectOwnAccessChange(undefined),
    onSuccess: async () => {
      setOpen(false);
      expectOwnAccessChange(organization.id);
      // Its screens would read it again and be answered 404: nothing of it stays cached.
      queryClient.removeQueries({ queryKey: orgKey(organization.id) });
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
      await navigate({ to: '/' });
    },
  });
  return (
    <section className="settings-card" aria-labelledby="leave-heading">
      <h2 id="leave-heading">Leave the organization</h2>
      {keptUntilHandOver(role) ? (
        <p>
          You own {organization.name}, so you cannot leave it. To leave, first make another member the owner on the{' '}
          <Link to="/orgs/$orgId/team" params={{ orgId: organization.id }}>
            Team
          </Link>{' '}
          screen.
        </p>
      ) : (
        <>
          <p>
            You lose access to {organization.name} at once. Coming back takes a new invitation from an admin. The
            organization keeps your notes; the items assigned to you become unassigned.
          </p>
          <div>
            <Button variant="danger" onClick={() => setOpen(true)}>
              Leave organization…
            </Button>
          </div>
        </>
      )}
      <ConfirmDialog
        title={`Leave ${organization.name}?`}
        confirmLabel="Leave organization"
        isOpen={open}
        onOpenChange={(next) => {
          setOpen(next);
          if (!next) leave.reset();
        }}
        onConfirm={() => leave.mutate()}
        pending={leave.isPending}
        error={leave.error}
      >
        <p>You will no longer see its feedback or settings. To come back, you need a new invitation from an admin.</p>
      </ConfirmDialog>
    </section>
  );
}
