import type { Role } from '@hearback/spec';
import { useQuery } from '@tanstack/react-query';
import { useRouteContext } from '@tanstack/react-router';
import { accountQuery } from '../api/account.js';
import { roleMay, type ScopedOperation } from './role-may.js';

/**
 * `may(operation)` for the signed-in member of the organization on screen. The role is the
 * account's as last read (so a role changed elsewhere shows as soon as the account is read
 * again, see `followAccessChanges`), else the one the route was entered with.
 */
export function usePermissions(): { role: Role; may: (operation: ScopedOperation) => boolean } {
  const { membership } = useRouteContext({ from: '/signed-in/orgs/$orgId' });
  const { data: account } = useQuery(accountQuery);
  const role =
    account?.organizations.find((entry) => entry.organization.id === membership.organization.id)?.role ??
    membership.role;
  return { role, may: (operation) => roleMay(role, operation) };
}
