import { counted } from '@hearback/spec';
import { ApiError } from '../errors/api-error.js';
import { nextPeriodStart } from '../lib/time.js';
import type { PlanName } from './plans.js';

type LimitCode = 'event_limit_reached' | 'inbox_limit_reached' | 'search_limit_reached';

/**
 * The 429 a client sees when a plan allowance is spent: `limit`, `plan` and `resetAt` in the body,
 * `Retry-After` and `RateLimit-*` headers for monthly allowances.
 */
export function planLimitError(code: LimitCode, plan: PlanName, limit: number, now = new Date()): ApiError {
  if (code === 'inbox_limit_reached') {
    // Inboxes are not a monthly allowance: nothing resets, so there is no time to retry after.
    return new ApiError(
      429,
      code,
      `The ${plan} plan allows ${counted(limit, 'inbox', 'inboxes')}; upgrade the plan or delete an inbox.`,
      {
        extensions: { limit, plan, resetAt: null },
      },
    );
  }
  const resetAt = nextPeriodStart(now);
  const retryAfter = Math.max(1, Math.ceil((resetAt.getTime() - now.getTime()) / 1000));
  const what =
    code === 'event_limit_reached'
      ? counted(limit, 'feedback event')
      : counted(limit, 'search query', 'search queries');
  return new ApiError(
    429,
    code,
    `The ${plan} plan allows ${what} a month; the allowance resets at ${resetAt.toISOString()}.`,
    {
      extensions: { limit, plan, resetAt: resetAt.toISOString() },
      headers: {
        'Retry-After': String(retryAfter),
        'RateLimit-Limit': String(limit),
        'RateLimit-Remaining': '0',
        'RateLimit-Reset': String(retryAfter),
      },
    },
  );
}
