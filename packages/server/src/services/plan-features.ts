import { capitalized } from '@hearback/spec';
import { ApiError } from '../errors/api-error.js';
import type { Store } from '../storage/store.js';
import { PLANS, type PlanFeature, type PlanName, plansWith } from './plans.js';

const FEATURE_NAMES: Record<PlanFeature, string> = {
  webhooks: 'automations, REST hooks and the Zapier triggers',
  sso: 'single sign-on (OpenID Connect) and its email domains',
};

/** What a feature covers, in words (for messages and the document). */
export function planFeatureText(feature: PlanFeature): string {
  return FEATURE_NAMES[feature];
}

/** The 403 a client sees when its organization's plan lacks a feature: `plan` and `requiredPlan` in the body. */
export function planUpgradeRequired(feature: PlanFeature, plan: PlanName): ApiError {
  const requiredPlan = plansWith(feature)[0] ?? 'enterprise';
  return new ApiError(
    403,
    'plan_upgrade_required',
    `${capitalized(FEATURE_NAMES[feature])} need the ${requiredPlan} plan or above; this organization is on ${plan}.`,
    { extensions: { plan, requiredPlan } },
  );
}

/**
 * Refuses with 403 `plan_upgrade_required` (naming the plan needed) when the organization's plan
 * lacks `feature`.
 *
 * @example
 * await requirePlanFeature(store, principal.orgId, 'webhooks');
 */
export async function requirePlanFeature(store: Store, orgId: string, feature: PlanFeature): Promise<void> {
  const organization = await store.organizations.find(orgId);
  // The route's tenant check has found the organization already; a vanished one has no plan to gate.
  if (organization && !PLANS[organization.plan].features[feature]) {
    throw planUpgradeRequired(feature, organization.plan);
  }
}
