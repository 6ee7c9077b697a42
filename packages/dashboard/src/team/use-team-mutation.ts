import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { accountQueryKey } from '../api/account.js';
import { orgKey } from '../api/organization.js';
import { expectOwnAccessChange } from '../app/access-changes.js';

/**
 * A change to the team: afterwards the organization's cached lists are refetched, and so is the
 * signed-in account (a change may be to one's own role), and the router re-reads the membership it
 * derives permissions from.
 */
export function useTeamMutation<Input, Output>(orgId: string, mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  const router = useRouter();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      // A change to one's own role here (a hand-over) is one's own doing: no notice.
      expectOwnAccessChange(orgId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: orgKey(orgId) }),
        queryClient.invalidateQueries({ queryKey: accountQueryKey }),
      ]);
      await router.invalidate();
    },
  });
}
