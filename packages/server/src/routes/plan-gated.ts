import { planFeatureText } from '../services/plan-features.js';
import { type PlanFeature, plansWith } from '../services/plans.js';
import { AUTHENTICATED_ERRORS, errorResponse } from './shared.schemas.js';

/**
 * The error responses of an operation that needs a plan feature: the 403 also answers
 * `plan_upgrade_required`, with the plans that have it (from `PLANS`).
 *
 * @example
 * responses: { 201: …, ...planGatedErrors('webhooks') }
 */
export function planGatedErrors(feature: PlanFeature) {
  const plans = plansWith(feature).join(', ');
  return {
    ...AUTHENTICATED_ERRORS,
    403: errorResponse(
      `The key lacks the required scope or brand access, or the organization's plan lacks ${planFeatureText(feature)} (\`plan_upgrade_required\`, naming \`requiredPlan\`; plans with it: ${plans}).`,
    ),
  };
}
