export const PLAN_NAMES = ['starter', 'team', 'enterprise'] as const;
export type PlanName = (typeof PLAN_NAMES)[number];

export interface PlanLimits {
  /** Inboxes an organization may own; `null` is unlimited. */
  inboxes: number | null;
  /** Feedback events per calendar month (UTC). */
  eventsPerMonth: number | null;
  /** Search queries per calendar month (UTC). The spec leaves the numbers to us. */
  searchesPerMonth: number | null;
}

/** Plan allowances from the product specification (§8). */
export const PLANS: Record<PlanName, PlanLimits> = {
  starter: { inboxes: 1, eventsPerMonth: 5_000, searchesPerMonth: 1_000 },
  team: { inboxes: 5, eventsPerMonth: 100_000, searchesPerMonth: 20_000 },
  enterprise: { inboxes: null, eventsPerMonth: null, searchesPerMonth: null },
};
