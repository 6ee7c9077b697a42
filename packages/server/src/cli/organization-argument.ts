import type { Organization } from '../domain/organization.js';
import type { Store } from '../storage/store.js';

/** How every `--org` and ORG argument is described in the commands' help. */
export const ORGANIZATION_ARGUMENT = 'organization id (org_…) or slug';

/**
 * The organization an operator named on the command line, by its id or its slug (what `hearback
 * orgs list` shows); an error naming both ways when neither finds one.
 *
 * @example
 * const { id } = await organizationNamed(runtime.store, 'acme');
 */
export async function organizationNamed(store: Store, idOrSlug: string): Promise<Organization> {
  const organization = (await store.organizations.find(idOrSlug)) ?? (await store.organizations.findBySlug(idOrSlug));
  if (!organization) {
    throw new Error(`No organization ${idOrSlug} (give its id or slug; see \`hearback orgs list\`).`);
  }
  return organization;
}
