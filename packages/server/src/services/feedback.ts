import type { Principal } from '../domain/api-key.js';
import { changedFields } from '../domain/audit.js';
import type { Feedback, FeedbackFilters, FeedbackStatus, IssueTracker } from '../domain/feedback.js';
import { notFound } from '../errors/api-error.js';
import { nowIso } from '../lib/time.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { recordAudit } from './audit.js';
import { feedbackEvent } from './events.js';
import { exportFeedback, type FeedbackExportRequest } from './feedback-export.js';
import { feedbackStats } from './feedback-stats.js';
import { feedbackTrends, type TrendQuery } from './feedback-trends.js';
import { parseIssueLink } from './issue-links.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';

export interface FeedbackChanges {
  status?: FeedbackStatus | undefined;
  /** `null` unlinks; the tracker is detected from the URL when omitted. */
  issueLink?: { tracker?: IssueTracker | undefined; url: string } | null | undefined;
}

export function feedbackService(store: Store, onEvents: () => void) {
  async function get(principal: Principal, id: string): Promise<Feedback> {
    const feedback = await store.feedback.find(visibleTo(principal), id);
    if (!feedback) throw notFound('Feedback', id);
    return feedback;
  }

  return {
    get,
    stats: (principal: Principal, filters: FeedbackFilters) => feedbackStats(store, principal, filters),
    trends: (principal: Principal, query: TrendQuery) => feedbackTrends(store, principal, query),
    export: (principal: Principal, request: FeedbackExportRequest) =>
      exportFeedback(store, visibleTo(principal), request),
    async list(principal: Principal, filters: FeedbackFilters, page: PageRequest) {
      const result = await store.feedback.list(visibleTo(principal), filters, {
        limit: pageSize(page),
        before: readCursor(page.cursor),
      });
      return toPage(result);
    },

    /** Triage: status and issue link change together with their `feedback.updated` event. */
    async update(principal: Principal, id: string, changes: FeedbackChanges): Promise<Feedback> {
      const issueLink = changes.issueLink ? parseIssueLink(changes.issueLink) : changes.issueLink;
      const updated = await store.transaction(async (tx) => {
        const now = nowIso();
        const feedback = await tx.feedback.update(
          visibleTo(principal),
          id,
          {
            ...(changes.status !== undefined && { status: changes.status }),
            ...(issueLink !== undefined && { issueLink }),
          },
          now,
        );
        if (!feedback) throw notFound('Feedback', id);
        await tx.outbox.append([feedbackEvent('feedback.updated', feedback, now)]);
        await recordAudit(tx, principal, 'feedback.updated', id, { changed: changedFields(changes) });
        return feedback;
      });
      onEvents();
      return updated;
    },
  };
}

export type FeedbackService = ReturnType<typeof feedbackService>;
