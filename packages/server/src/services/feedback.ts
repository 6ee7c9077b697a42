import type { FeedbackErasureInput } from '@hearback/inputs';
import { tagSet } from '@hearback/spec';
import type { Principal } from '../domain/api-key.js';
import { changedFields } from '../domain/audit.js';
import type { Feedback, FeedbackFilters, FeedbackStatus, IssueTracker } from '../domain/feedback.js';
import { activityOf, type FeedbackActivity, triageDetails } from '../domain/feedback-activity.js';
import type { Page } from '../domain/organization.js';
import { validationFailed } from '../domain/parse-input.js';
import { notFound } from '../errors/api-error.js';
import { nowIso } from '../lib/time.js';
import type { Repositories, Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { recordAudit } from './audit.js';
import { readDateBounds } from './date-bounds.js';
import { ERASURE_BATCH, eraseInBatches } from './erasure.js';
import { feedbackEvent } from './events.js';
import { exportFeedback, type FeedbackExportRequest } from './feedback-export.js';
import { feedbackStats } from './feedback-stats.js';
import { feedbackTrends, type TrendQuery, type TrendRead } from './feedback-trends.js';
import { parseIssueLink } from './issue-links.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';

export interface FeedbackChanges {
  status?: FeedbackStatus | undefined;
  /** `null` unlinks; the tracker is detected from the URL when omitted. */
  issueLink?: { tracker?: IssueTracker | undefined; url: string } | null | undefined;
  /** A user id of a member of the organization; `null` unassigns. */
  assigneeId?: string | null | undefined;
  /** The item's whole set of tags (replaces it; `[]` clears it), normalized by the input's schema. */
  tags?: string[] | undefined;
}

/** Only a current member of the item's organization can be its assignee (a 400 naming the field). */
async function assertAssignable(tx: Repositories, orgId: string, assigneeId: string | null | undefined) {
  if (assigneeId === undefined || assigneeId === null) return;
  if (!(await tx.members.roleOf(orgId, assigneeId))) {
    throw validationFailed(
      [{ path: ['assigneeId'], message: `${assigneeId} is not a member of this organization.` }],
      'json',
    );
  }
}

export function feedbackService(store: Store, onEvents: () => void) {
  async function get(principal: Principal, id: string): Promise<Feedback> {
    const feedback = await store.feedback.find(visibleTo(principal), id);
    if (!feedback) throw notFound('Feedback', id);
    return feedback;
  }

  return {
    get,
    stats: async (principal: Principal, filters: FeedbackFilters) =>
      feedbackStats(store, principal, await readDateBounds(store, principal.orgId, filters)),
    trends: (principal: Principal, query: TrendQuery, read?: TrendRead) =>
      feedbackTrends(store, principal, query, read),
    export: async (principal: Principal, request: FeedbackExportRequest) =>
      exportFeedback(store, visibleTo(principal), {
        ...request,
        filters: await readDateBounds(store, principal.orgId, request.filters),
      }),
    async list(principal: Principal, filters: FeedbackFilters, page: PageRequest) {
      const result = await store.feedback.list(
        visibleTo(principal),
        await readDateBounds(store, principal.orgId, filters),
        {
          limit: pageSize(page),
          before: readCursor(page.cursor),
        },
      );
      return toPage(result);
    },

    /** The organization's tags on the items the principal may see, most used first, then by name. */
    tags: (principal: Principal) => store.feedbackTags.counts(visibleTo(principal)),

    /**
     * Triage: status, issue link, assignee and tags change together with their `feedback.updated`
     * event (the item as it is after, tags included) and an audit entry that records each given
     * field's value before and after (the item's activity is read from it).
     */
    async update(principal: Principal, id: string, changes: FeedbackChanges): Promise<Feedback> {
      const issueLink = changes.issueLink ? parseIssueLink(changes.issueLink) : changes.issueLink;
      const updated = await store.transaction(async (tx) => {
        const now = nowIso();
        const before = await tx.feedback.findForUpdate(visibleTo(principal), id);
        if (!before) throw notFound('Feedback', id);
        await assertAssignable(tx, principal.orgId, changes.assigneeId);
        // Before the row's update, which reads the item back with its tags.
        if (changes.tags !== undefined) await tx.feedbackTags.replace(principal.orgId, id, tagSet(changes.tags), now);
        const feedback = await tx.feedback.update(
          visibleTo(principal),
          id,
          {
            ...(changes.status !== undefined && { status: changes.status }),
            ...(issueLink !== undefined && { issueLink }),
            ...(changes.assigneeId !== undefined && { assigneeId: changes.assigneeId }),
          },
          now,
        );
        if (!feedback) throw notFound('Feedback', id);
        await tx.outbox.append([feedbackEvent('feedback.updated', feedback, now)]);
        await recordAudit(
          tx,
          principal,
          'feedback.updated',
          id,
          triageDetails(before, feedback, changedFields(changes)),
        );
        return feedback;
      });
      onEvents();
      return updated;
    },

    /**
     * Deletes an item and what hangs off it (notes, vectors, full-text and vector-index rows, its
     * share of the daily counts, its events and the webhook deliveries made from them; see
     * `deletions.feedbackItems`), with an audit entry naming the item, its inbox and how many notes
     * went, never its text. No event: background work that still holds the item's
     * `feedback.created` finds it gone and skips it.
     */
    async delete(principal: Principal, id: string): Promise<{ id: string; deleted: true; notesDeleted: number }> {
      const notesDeleted = await store.transaction(async (tx) => {
        const [item] = (await tx.deletions.feedbackItems(visibleTo(principal), [id])).items;
        if (!item) throw notFound('Feedback', id);
        await recordAudit(tx, principal, 'feedback.deleted', id, {
          inboxId: item.inboxId,
          notesDeleted: item.notesDeleted,
        });
        return item.notesDeleted;
      });
      return { id, deleted: true, notesDeleted };
    },

    /**
     * Deletes every item the principal may see whose context has the one member given (all that
     * one person sent, for an erasure request), as {@link delete} does, one audit entry per item,
     * in batches (see {@link eraseInBatches}).
     */
    async erase(principal: Principal, input: FeedbackErasureInput): Promise<{ deleted: number }> {
      const [member] = Object.entries(input.context);
      if (!member) return { deleted: 0 };
      const [key, value] = member;
      return eraseInBatches(store, async (tx) => {
        const ids = await tx.feedback.idsWithContextMember(visibleTo(principal), key, value, ERASURE_BATCH);
        const { items } = await tx.deletions.feedbackItems(visibleTo(principal), ids);
        for (const item of items) {
          await recordAudit(tx, principal, 'feedback.deleted', item.id, {
            inboxId: item.inboxId,
            notesDeleted: item.notesDeleted,
            erasure: true,
          });
        }
        return { found: ids.length, deleted: items.length };
      });
    },

    /**
     * An item's history, oldest first: status changes, assignment, issue links and notes, by
     * whom. Read from the audit log, so it holds exactly the changes that committed. `limit`
     * counts audit entries: one request that changed several fields gives one item per field,
     * on the same page.
     */
    async activity(principal: Principal, id: string, page: PageRequest): Promise<Page<FeedbackActivity>> {
      await get(principal, id);
      const entries = await store.auditLog.listForSubject(principal.orgId, id, {
        limit: pageSize(page),
        after: readCursor(page.cursor),
      });
      const { data, nextCursor } = toPage(entries);
      return { data: data.flatMap(activityOf), nextCursor };
    },
  };
}

export type FeedbackService = ReturnType<typeof feedbackService>;
