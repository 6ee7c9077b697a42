import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { getRouteApi, Link, useNavigate } from '@tanstack/react-router';
import { accountQuery, accountQueryKey } from '../api/account.js';
import { api, dataOf } from '../api/client.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { authClient } from './auth-client.js';
import { AuthLayout } from './auth-layout.js';

/** The invitation link's page: sign in or up as the invited address, then join. */
export function AcceptInvitePage() {
  const { token } = getRouteApi('/invites/accept').useSearch();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const account = useQuery(accountQuery);
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
      await navigate({ to: '/sign-in', search: { redirect: here } });
    },
  });

  if (account.isPending) return null;
  if (!account.data) {
    return (
      <AuthLayout title="You are invited to Hearback">
        <p>Sign in, or create an account, with the address the invitation was sent to.</p>
        <div className="row">
          <Link className="button button-primary" to="/sign-up" search={{ redirect: here }}>
            Create account
          </Link>
          <Link className="button button-secondary" to="/sign-in" search={{ redirect: here }}>
            Sign in
          </Link>
        </div>
      </AuthLayout>
    );
  }
  return (
    <AuthLayout title="Join the organization">
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
