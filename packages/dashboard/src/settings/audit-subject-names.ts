import { useQuery } from '@tanstack/react-query';
import { inboxesQuery, membersQuery, organizationQuery } from '../api/organization.js';
import { apiKeysQuery, brandsQuery } from './settings-queries.js';

/**
 * The current names of the things the log's entries name, by id (the log keeps ids, which outlive
 * their resources): the organization, inboxes, brands, keys and members. A deleted one has none.
 */
export function useSubjectNames(orgId: string): ReadonlyMap<string, string> {
  const organization = useQuery(organizationQuery(orgId));
  const inboxes = useQuery(inboxesQuery(orgId));
  const brands = useQuery(brandsQuery(orgId));
  const keys = useQuery(apiKeysQuery(orgId));
  const members = useQuery(membersQuery(orgId));
  const names = new Map<string, string>();
  if (organization.data) names.set(organization.data.id, organization.data.name);
  for (const entry of [...(inboxes.data?.data ?? []), ...(brands.data?.data ?? []), ...(keys.data?.data ?? [])])
    names.set(entry.id, entry.name);
  for (const member of members.data?.data ?? []) names.set(member.userId, member.name);
  return names;
}
