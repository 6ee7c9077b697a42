import type { Plan } from '@hearback/client';

/** How the screens name each plan; keyed by the API's enum, so a new plan needs its name here. */
export const PLAN_NAMES: Readonly<Record<Plan, string>> = {
  starter: 'Starter',
  team: 'Team',
  enterprise: 'Enterprise',
};
