import type { Invite, IssuedInvite } from '@hearback/client';
import { InviteInputSchema } from '@hearback/inputs';
import { ASSIGNABLE_ROLES, type AssignableRole, capitalized } from '@hearback/spec';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { usePermissions } from '../app/permissions.js';
import { fullTime } from '../inbox/relative-time.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { DataTable } from '../ui/data-table.js';
import { TextField } from '../ui/fields.js';
import { Form } from '../ui/form.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { SelectField } from '../ui/select.js';
import { useInputCheck } from '../ui/use-input-check.js';
import { InviteLink } from './invite-link.js';
import { invitesQuery } from './team-queries.js';
import { useTeamMutation } from './use-team-mutation.js';

const ROLE_OPTIONS = ASSIGNABLE_ROLES.map((role) => ({ id: role, label: capitalized(role) }));
/** Open invitations: their link may be renewed or withdrawn (the server answers 409 otherwise). */
const isOpen = (invite: Invite) => invite.state === 'pending' || invite.state === 'expired';

/** Invite by email with a role; the list of invitations with their state, to resend or revoke. */
export function InvitationsSection({ orgId }: { orgId: string }) {
  const { may } = usePermissions();
  const invites = useQuery(invitesQuery(orgId));
  const [role, setRole] = useState<AssignableRole>('member');
  const [issued, setIssued] = useState<IssuedInvite>();
  const input = useInputCheck(InviteInputSchema);

  const create = useTeamMutation(orgId, (body: { email: string; role: AssignableRole }) =>
    dataOf(api.POST('/organizations/{orgId}/invites', { params: { path: { orgId } }, body })),
  );
  const resend = useTeamMutation(orgId, (inviteId: string) =>
    dataOf(api.POST('/organizations/{orgId}/invites/{inviteId}/resend', { params: { path: { orgId, inviteId } } })),
  );
  const revoke = useTeamMutation(orgId, (inviteId: string) =>
    dataOf(api.DELETE('/organizations/{orgId}/invites/{inviteId}', { params: { path: { orgId, inviteId } } })),
  );

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const body = { email: String(new FormData(form).get('email') ?? ''), role };
    input.submit(body, (checked) =>
      create.mutate(checked, {
        onSuccess: (answer) => {
          setIssued(answer);
          form.reset();
        },
      }),
    );
  }

  const { validationErrors, formError } = input.feedback(create.error);
  return (
    <div className="stack team-section">
      {may('createInvite') && (
        <section aria-labelledby="invite-title" className="stack">
          <h3 id="invite-title">Invite someone</h3>
          <Form validationErrors={validationErrors} onSubmit={onSubmit} className="invite-form">
            <TextField label="Email" name="email" type="email" autoComplete="off" required />
            <SelectField
              label="Role"
              name="role"
              options={ROLE_OPTIONS}
              value={role}
              onChange={(chosen) => setRole(chosen as AssignableRole)}
            />
            <Button type="submit" variant="primary" pending={create.isPending}>
              Send invitation
            </Button>
          </Form>
          <Alert>{formError}</Alert>
        </section>
      )}
      {issued && <InviteLink issued={issued} />}
      <Alert>{problemFeedback(invites.error ?? resend.error ?? revoke.error).formError}</Alert>
      {invites.data && (
        <DataTable
          caption="Invitations"
          rows={invites.data.data}
          rowKey={(invite) => invite.id}
          empty="No invitations yet."
          columns={[
            { header: 'Email', cell: (invite) => invite.email },
            { header: 'Role', cell: (invite) => <span className="role-name">{invite.role}</span> },
            {
              header: 'State',
              cell: (invite) => <span className={`state-badge role-name state-${invite.state}`}>{invite.state}</span>,
            },
            {
              header: 'Expires',
              cell: (invite) =>
                invite.acceptedAt ? (
                  <span className="muted">accepted {fullTime(invite.acceptedAt)}</span>
                ) : (
                  <time dateTime={invite.expiresAt}>{fullTime(invite.expiresAt)}</time>
                ),
            },
            {
              header: 'Actions',
              hideHeader: true,
              cell: (invite) =>
                isOpen(invite) && (
                  <div className="row row-end">
                    {may('resendInvite') && (
                      <Button
                        variant="quiet"
                        pending={resend.isPending && resend.variables === invite.id}
                        onClick={() => resend.mutate(invite.id, { onSuccess: setIssued })}
                      >
                        Resend<span className="visually-hidden"> to {invite.email}</span>
                      </Button>
                    )}
                    {may('revokeInvite') && (
                      <Button
                        variant="danger"
                        pending={revoke.isPending && revoke.variables === invite.id}
                        onClick={() =>
                          revoke.mutate(invite.id, {
                            onSuccess: () => setIssued((shown) => (shown?.invite.id === invite.id ? undefined : shown)),
                          })
                        }
                      >
                        Revoke<span className="visually-hidden"> invitation of {invite.email}</span>
                      </Button>
                    )}
                  </div>
                ),
            },
          ]}
        />
      )}
    </div>
  );
}
