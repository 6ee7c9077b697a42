import type { Principal } from '../domain/api-key.js';
import type { FeedbackFilters } from '../domain/feedback.js';
import type { LogPosition } from '../domain/stream-event-id.js';
import { FeedbackSubscription } from '../realtime/feedback-subscription.js';
import type { OutboxTail } from '../realtime/outbox-tail.js';
import { comparePositions, type LoggedEvent } from '../storage/repositories/outbox.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { readDateBounds } from './date-bounds.js';
import { API_KEY_REVOKED_EVENT, MEMBERSHIP_ENDED_EVENT } from './events.js';

export interface FeedbackStreamOptions {
  /** How long a stream stays silent before a heartbeat (`: ping`). */
  heartbeatMs: number;
  /** What a client waits before reconnecting, sent as the stream's `retry:` hint. */
  retryMs?: number;
  /** Whether the principal may still act (key not revoked; session open, still a member): asked at each heartbeat. */
  stillValid: (principal: Principal) => Promise<boolean>;
}

/**
 * Whether an event ends the principal's access: its key revoked, or, for a person, their
 * membership of the organization ended. The stream ends at once, in log order, where the
 * heartbeat's check (sessions, expiry, a key deleted with its brand) would let events through
 * until the next heartbeat.
 */
function revokes(event: LoggedEvent, principal: Principal): boolean {
  const data = event.data as { keyId?: unknown; userId?: unknown } | undefined;
  if (event.type === API_KEY_REVOKED_EVENT)
    return principal.actor.type === 'api_key' && data?.keyId === principal.actor.id;
  if (event.type === MEMBERSHIP_ENDED_EVENT) {
    // The person's membership of this organization: they may belong to others, whose streams stay.
    return principal.actor.type === 'user' && data?.userId === principal.actor.id && event.orgId === principal.orgId;
  }
  return false;
}

/** Events read per query while a stream replays the log after its `Last-Event-ID`. */
const CATCH_UP_PAGE = 200;
/** Events waiting for a slow client before its stream ends (it resumes from its last id). */
const MAX_QUEUED = 5000;
const DEFAULT_RETRY_MS = 2000;

/** The realtime feedback stream: the items a principal may see, as they are created and changed. */
export function feedbackStreamService(store: Store, tail: OutboxTail, options: FeedbackStreamOptions) {
  return {
    retryMs: options.retryMs ?? DEFAULT_RETRY_MS,

    /**
     * Opens a subscription to the `feedback.*` events of the principal's scope that match the
     * filters: those after `after` (a position a client received), or from now on. A position
     * ahead of the log (a database restored since) counts as now. The caller closes it.
     */
    async open(principal: Principal, filters: FeedbackFilters, after?: LogPosition): Promise<FeedbackSubscription> {
      const scope = visibleTo(principal);
      const present = await store.outbox.latestPosition();
      const subscription = new FeedbackSubscription({
        scope,
        filters: await readDateBounds(store, principal.orgId, filters),
        after: after && comparePositions(after, present) <= 0 ? after : present,
        readPage: (position) => store.outbox.readAfter(position, CATCH_UP_PAGE, { orgId: scope.orgId }),
        pageSize: CATCH_UP_PAGE,
        heartbeatMs: options.heartbeatMs,
        maxQueued: MAX_QUEUED,
        stillAllowed: () => options.stillValid(principal),
        revokedBy: (event) => revokes(event, principal),
      });
      // The catch-up (on the first next()) starts after this: whatever the tail delivers from here
      // on is held, and whatever it read before is in the log the catch-up reads.
      subscription.onEnd(await tail.subscribe(subscription));
      return subscription;
    },
  };
}

export type FeedbackStreamService = ReturnType<typeof feedbackStreamService>;
