import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { Account } from '../api/account.js';
import { accountQueryKey } from '../api/account.js';
import { recheckAccess } from './access-changes.js';

// The API client reads the page's origin when its module loads; no request is made here.
vi.hoisted(() => vi.stubGlobal('window', { location: { origin: 'http://localhost' } }));

const accountWithRole = (role: Account['organizations'][number]['role']) =>
  ({ organizations: [{ organization: { id: 'org_1', name: 'Acme' }, role }] }) as unknown as Account;

describe('reading the account again after a refusal or a closed stream', () => {
  it('does not take the answer of a read that was already under way', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const answers: ((account: Account) => void)[] = [];
    const queryFn = () => new Promise<Account>((resolve) => answers.push(resolve));
    queryClient.setQueryData(accountQueryKey, accountWithRole('admin'));
    // A read started before the role changed (a navigation, the window's focus)...
    const earlier = queryClient.fetchQuery({ queryKey: accountQueryKey, queryFn, staleTime: 0 });
    expect(answers).toHaveLength(1);
    // ...then the server refuses an act, or ends the live stream: the role has changed since.
    recheckAccess(queryClient);
    expect(answers).toHaveLength(2);
    answers[0]?.(accountWithRole('admin'));
    answers[1]?.(accountWithRole('viewer'));
    await expect(earlier).resolves.toEqual(accountWithRole('viewer'));
    expect(queryClient.getQueryData<Account>(accountQueryKey)?.organizations[0]?.role).toBe('viewer');
  });
});
