import { notFound } from '../errors/api-error.js';
import { usagePeriod } from '../lib/time.js';
import type { Store } from '../storage/store.js';
import { planLimitError } from './plan-limits.js';
import { PLANS } from './plans.js';

/**
 * The monthly search allowance of each organization's plan. Counting is one conditional increment
 * (no transaction, on SQLite no fsync of its own), so a search pays well under a millisecond for it
 * while the cap stays exact.
 *
 * @example
 * await searchAllowance(store).spend(orgId); // or throws 429 search_limit_reached
 */
export function searchAllowance(store: Store) {
  return {
    /** Counts one query against the allowance, or refuses it with 429 when spent. */
    async spend(orgId: string): Promise<void> {
      const organization = await store.organizations.find(orgId);
      if (!organization) throw notFound('Organization', orgId);
      const cap = PLANS[organization.plan].searchesPerMonth;
      if (!(await store.usage.spendOne(orgId, usagePeriod(), 'searches', cap))) {
        throw planLimitError('search_limit_reached', organization.plan, cap ?? 0);
      }
    },
  };
}
