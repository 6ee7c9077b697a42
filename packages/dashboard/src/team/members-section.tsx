import type { Member } from '@hearback/client';
import { ASSIGNABLE_ROLES, type AssignableRole, capitalized, memberChangeRefusal, ROLE_SCOPES } from '@hearback/spec';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { accountQuery } from '../api/account.js';
import { api, dataOf } from '../api/client.js';
import { membersQuery } from '../api/organization.js';
import { usePermissions } from '../app/permissions.js';
import { fullTime } from '../inbox/relative-time.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { ConfirmDialog } from '../ui/confirm-dialog.js';
import { DataTable } from '../ui/data-table.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { SelectField } from '../ui/select.js';
import { RoleLegend } from './role-legend.js';
import { useTeamMutation } from './use-team-mutation.js';

const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ id: role, label: capitalized(role) }));

/** A pending act on one member, confirmed in a dialog first. */
type Confirming = { act: 'remove' | 'transfer'; member: Member } | null;

/** The members: their roles (changed in place by those who may), removal and the owner's hand-over. */
export function MembersSection({ orgId }: { orgId: string }) {
  const { may, role: myRole } = usePermissions();
  const members = useQuery(membersQuery(orgId));
  const me = useQuery(accountQuery).data?.user.id;
  const [confirming, setConfirming] = useState<Confirming>(null);

  const changeRole = useTeamMutation(orgId, ({ userId, role }: { userId: string; role: AssignableRole }) =>
    dataOf(
      api.PATCH('/organizations/{orgId}/members/{userId}', { params: { path: { orgId, userId } }, body: { role } }),
    ),
  );
  const remove = useTeamMutation(orgId, (userId: string) =>
    dataOf(api.DELETE('/organizations/{orgId}/members/{userId}', { params: { path: { orgId, userId } } })),
  );
  const transfer = useTeamMutation(orgId, (userId: string) =>
    dataOf(api.POST('/organizations/{orgId}/transfer-ownership', { params: { path: { orgId } }, body: { userId } })),
  );
  const confirmMutation = confirming?.act === 'transfer' ? transfer : remove;

  function closeDialog(open: boolean) {
    if (open) return;
    setConfirming(null);
    remove.reset();
    transfer.reset();
  }

  function confirm() {
    if (!confirming) return;
    confirmMutation.mutate(confirming.member.userId, { onSuccess: () => setConfirming(null) });
  }

  const isOwner = (member: Member) => member.role === 'owner';
  // The same rule the server refuses by: an admin's role and removal are the owner's, the owner's a transfer.
  const mayChange = (member: Member) => memberChangeRefusal(ROLE_SCOPES[myRole], member.role) === null;
  const hasActions = may('removeMember') || may('transferOwnership');
  // The dialog goes with the act it confirms: a role changed meanwhile (see followAccessChanges) closes it.
  const stillOffered =
    !confirming ||
    (confirming.act === 'transfer' ? may('transferOwnership') : may('removeMember') && mayChange(confirming.member));

  return (
    <div className="stack team-section">
      <Alert>{problemFeedback(members.error ?? changeRole.error).formError}</Alert>
      {members.data && (
        <DataTable
          caption="Members"
          rows={members.data.data}
          rowKey={(member) => member.userId}
          empty="No members."
          columns={[
            {
              header: 'Name',
              cell: (member) => (
                <>
                  {member.name}
                  {member.userId === me && <span className="muted"> (you)</span>}
                </>
              ),
            },
            { header: 'Email', cell: (member) => member.email },
            {
              header: 'Role',
              cell: (member) =>
                may('updateMember') && mayChange(member) ? (
                  <SelectField
                    label={`Role of ${member.name}`}
                    hideLabel
                    options={ROLE_OPTIONS}
                    value={member.role}
                    disabled={changeRole.isPending}
                    onChange={(role) => changeRole.mutate({ userId: member.userId, role: role as AssignableRole })}
                  />
                ) : (
                  <span className="role-name">{member.role}</span>
                ),
            },
            {
              header: 'Joined',
              cell: (member) => <time dateTime={member.joinedAt}>{fullTime(member.joinedAt)}</time>,
            },
            ...(hasActions
              ? [
                  {
                    header: 'Actions',
                    hideHeader: true,
                    cell: (member: Member) =>
                      isOwner(member) ? null : (
                        <div className="row row-end">
                          {may('transferOwnership') && (
                            <Button variant="quiet" onClick={() => setConfirming({ act: 'transfer', member })}>
                              Make owner<span className="visually-hidden"> {member.name}</span>
                            </Button>
                          )}
                          {may('removeMember') && mayChange(member) && (
                            <Button variant="danger" onClick={() => setConfirming({ act: 'remove', member })}>
                              Remove<span className="visually-hidden"> {member.name}</span>
                            </Button>
                          )}
                        </div>
                      ),
                  },
                ]
              : []),
          ]}
        />
      )}
      {may('updateMember') && (
        <MemberChangeLimits
          refusals={new Set(members.data?.data.map((member) => memberChangeRefusal(ROLE_SCOPES[myRole], member.role)))}
          mayTransfer={may('transferOwnership')}
        />
      )}
      {stillOffered && (
        <ConfirmDialog
          title={confirming?.act === 'transfer' ? 'Hand over the organization?' : 'Remove this member?'}
          confirmLabel={confirming?.act === 'transfer' ? 'Make owner' : 'Remove member'}
          isOpen={confirming !== null}
          onOpenChange={closeDialog}
          onConfirm={confirm}
          pending={confirmMutation.isPending}
          error={confirmMutation.error}
        >
          {confirming?.act === 'transfer' ? (
            <p>
              <strong>{confirming.member.name}</strong> becomes the owner and you become an admin. Only the new owner
              can hand it back.
            </p>
          ) : (
            <p>
              <strong>{confirming?.member.name}</strong> ({confirming?.member.email}) loses access to this organization
              at once. The items assigned to them become unassigned; their notes stay.
            </p>
          )}
        </ConfirmDialog>
      )}
      <RoleLegend />
    </div>
  );
}

/** Why some rows offer no role picker or Remove: the rules the server refuses by, in words. */
function MemberChangeLimits({ refusals, mayTransfer }: { refusals: Set<string | null>; mayTransfer: boolean }) {
  return (
    <>
      {refusals.has('owner_by_transfer') && (
        <p className="muted">
          {mayTransfer
            ? 'Your role as owner changes only when you hand the organization over (Make owner): an organization always has its owner, so you cannot be removed or demoted.'
            : 'The owner’s role changes only when they hand the organization over; the owner cannot be removed.'}
        </p>
      )}
      {refusals.has('owner_only') && (
        <p className="muted">Only the owner changes an admin&rsquo;s role or removes an admin.</p>
      )}
    </>
  );
}
