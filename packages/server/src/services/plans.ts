export const PLAN_NAMES = ['starter', 'team', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

/** Capabilities a plan may lack, beyond its numeric allowances. */
export interface PlanFeatures {
  /** Automations (signed webhooks), REST hooks and the Zapier triggers. */
  webhooks: boolean;
  /** OpenID Connect sign-in for the organization's verified email domains. */
  sso: boolean;
}
export type PlanFeature = keyof PlanFeatures;

export interface PlanLimits {
  /** Inboxes an organization may own; `null` is unlimited. */
  inboxes: number | null;
  /** Feedback events per calendar month (UTC). */
  eventsPerMonth: number | null;
  /** Search queries per calendar month (UTC). The spec leaves the numbers to us. */
  searchesPerMonth: number | null;
  features: PlanFeatures;
}

/** Plan allowances from the product specification (§8): webhook integrations from the middle plan up. */
export const PLANS: Record<PlanName, PlanLimits> = {
  starter: { inboxes: 1, eventsPerMonth: 5_000, searchesPerMonth: 1_000, features: { webhooks: false, sso: false } },
  team: { inboxes: 5, eventsPerMonth: 100_000, searchesPerMonth: 20_000, features: { webhooks: true, sso: false } },
  enterprise: { inboxes: null, eventsPerMonth: null, searchesPerMonth: null, features: { webhooks: true, sso: true } },
};

/** The plans that have a feature, cheapest first. */
export function plansWith(feature: PlanFeature): PlanName[] {
  return PLAN_NAMES.filter((plan) => PLANS[plan].features[feature]);
}
