import { notifyManager, type QueryClient } from '@tanstack/react-query';
import type { AnyRouter } from '@tanstack/react-router';
import { type Account, accountQuery, accountQueryKey } from '../api/account.js';
import { ApiProblem } from '../api/client.js';
import { showAccessNotice } from './access-notice.js';

type Memberships = Map<string, { name: string; role: string }>;

const membershipsOf = (account: Account | null | undefined): Memberships | undefined =>
  account
    ? new Map(
        account.organizations.map((entry) => [
          entry.organization.id,
          { name: entry.organization.name, role: entry.role },
        ]),
      )
    : undefined;

/** What changed for the person between two readings of their account (where, in words); nothing when nothing did. */
function describeChange(before: Memberships, after: Memberships): { orgId: string; message: string } | undefined {
  for (const [orgId, was] of before) {
    const now = after.get(orgId);
    if (!now) return { orgId, message: `You no longer have access to ${was.name}.` };
    if (now.role !== was.role) {
      const article = /^[aeiou]/.test(now.role) ? 'an' : 'a';
      return {
        orgId,
        message: `Your role in ${was.name} is now ${now.role}: the screens show what ${article} ${now.role} may do.`,
      };
    }
  }
  return undefined;
}

/** The organization in which this page's own act (see {@link expectOwnAccessChange}) awaits its re-read. */
let ownActIn: string | undefined;

/**
 * Says that the next reading of the account follows this page's own act in `orgId` (leaving it,
 * deleting it, handing it over, a change to its team): a change there is the person's own doing, so
 * the screens follow it without a notice. Call before the account is read again; `undefined` takes
 * it back (the act failed).
 */
export function expectOwnAccessChange(orgId: string | undefined): void {
  ownActIn = orgId;
}

/**
 * Reads the account again now (its organizations and roles): what an answer of 403 or 404, or a
 * stream the server closed, may mean is that someone changed this person's role or removed them.
 */
export function recheckAccess(queryClient: QueryClient): void {
  // A read already under way may have been answered before the change: start a new one rather than
  // share it (fetchQuery would), and whoever awaits the old one gets the new answer.
  if (queryClient.getQueryData(accountQueryKey) === undefined) {
    void queryClient.fetchQuery({ ...accountQuery, staleTime: 0 }).catch(() => {});
  } else {
    void queryClient.refetchQueries({ queryKey: accountQueryKey, exact: true }, { cancelRefetch: true });
  }
}

/**
 * Keeps the screens in step with the person's memberships while the dashboard is open. A role
 * changed or a membership ended elsewhere shows at the next refusal (403, 404) or when the live
 * stream is closed: the account is read again, a notice says what changed, and the router reads
 * the membership again, so the controls follow the new role or the person leaves the organization
 * they lost (rather than buttons that can only be refused, or a list that never updates).
 */
export function followAccessChanges(queryClient: QueryClient, router: AnyRouter): void {
  let known: Memberships | undefined;
  queryClient.getQueryCache().subscribe((event) => {
    if (event.query.queryKey[0] !== accountQueryKey[0]) return;
    if (event.type === 'removed') {
      known = undefined;
      return;
    }
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    const now = membershipsOf(event.query.state.data as Account | null);
    const change = known && now ? describeChange(known, now) : undefined;
    const own = change?.orgId === ownActIn;
    known = now;
    ownActIn = undefined;
    if (change) {
      // In the same batch as the screens reading the account (their role): one render shows the
      // notice and takes the old role's controls away, never the notice beside them.
      if (!own) notifyManager.schedule(() => showAccessNotice(change.message));
      void router.invalidate();
    }
  });
  const onRefusal = (error: unknown, queryKey?: readonly unknown[]) => {
    if (queryKey?.[0] === accountQueryKey[0]) return;
    if (error instanceof ApiProblem && (error.status === 403 || error.status === 404)) recheckAccess(queryClient);
  };
  queryClient.getQueryCache().config.onError = (error, query) => onRefusal(error, query.queryKey);
  queryClient.getMutationCache().config.onError = (error) => onRefusal(error);
}
