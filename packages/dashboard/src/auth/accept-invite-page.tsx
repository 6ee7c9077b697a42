import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { accountQuery, accountQueryKey } from '../api/account.js';
import { api, dataOf } from '../api/client.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { authClient } from './auth-client.js';
import { AuthLayout } from './auth-layout.js';
import { type InvitePreview, invitePreviewQuery, isDeadInviteLink } from './invite-preview.js';

/** "Join Acme as admin", once the invitation is read; the plain invitation before (or without) it. */
function titleOf(invite: InvitePreview | undefined, fallback: string): string {
  return invite ? `Join ${invite.organization.name} as ${invite.role}` : fallback;
}

/** Who invited which address: the address is the one to sign in with. */
function InviteSummary({ invite }: { invite: InvitePreview | undefined }) {
  if (!invite) return null;
  const inviter = invite.invitedBy?.name ?? 'Someone';
  return (
    <p>
      {inviter} invited <strong>{invite.email}</strong> to {invite.organization.name} on Hearback, as {invite.role}. The
      link works until {new Date(invite.expiresAt).toLocaleDateString(undefined, { dateStyle: 'long' })}.
    </p>
  );
}

/** The invitation link's page: sign in or up as the invited address, then join. */
export function AcceptInvitePage() {
  const { token } = getRouteApi('/invites/accept').useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useQuery(accountQuery);
  const preview = useQuery(invitePreviewQuery(token));
  const here = `/invites/accept?token=${encodeURIComponent(token)}`;
  const accept = useMutation({
    mutationFn: () => dataOf(api.POST('/invites/accept', { body: { token } })),
    onSuccess: async ({ orgId }) => {
      await queryClient.invalidateQueries({ queryKey: accountQueryKey });
      await navigate({ to: '/orgs/$orgId', params: { orgId } });
    },
  });

  // An invitation is for one address: whoever is signed in with another one signs out and comes back.
  const switchAccount = useMutation({
    mutationFn: () => authClient.signOut(),
    onSuccess: async () => {
      queryClient.clear();
      await navigate({ to: '/sign-in', search: { redirect: here, email: preview.data?.email } });
    },
  });

  if (account.isPending || preview.isPending) return null;
  if (isDeadInviteLink(preview.error)) {
    return (
      <AuthLayout title="This invitation link no longer works">
        <p>
          It may have expired, been used or been revoked. Ask whoever invited you to send a new invitation: each link
          works once, for 7 days.
        </p>
        <Link className="button button-secondary" to={account.data ? '/' : '/sign-in'}>
          {account.data ? 'Go to Hearback' : 'Sign in'}
        </Link>
      </AuthLayout>
    );
  }
  const invite = preview.data;
  if (!account.data) {
    return (
      <AuthLayout title={titleOf(invite, 'You are invited to Hearback')}>
        <InviteSummary invite={invite} />
        <p>Sign in, or create an account, with the address the invitation was sent to.</p>
        <div className="row">
          <Link className="button button-primary" to="/sign-up" search={{ redirect: here, email: invite?.email }}>
            Create account
          </Link>
          <Link className="button button-secondary" to="/sign-in" search={{ redirect: here, email: invite?.email }}>
            Sign in
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title={titleOf(invite, 'Join the organization')}>
      <InviteSummary invite={invite} />
      <p>
        Signed in as <strong>{account.data.user.email}</strong>.
      </p>
      <Alert>{problemFeedback(accept.error).formError}</Alert>
      <div className="stack">
        <Button variant="primary" onClick={() => accept.mutate()} pending={accept.isPending}>
          Accept invitation
        </Button>
        <Button onClick={() => switchAccount.mutate()} pending={switchAccount.isPending}>
          Use another account
        </Button>
      </div>
    </AuthLayout>
  );
}
