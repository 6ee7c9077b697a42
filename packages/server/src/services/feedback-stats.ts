import type { Principal } from '../domain/api-key.js';
import type { FeedbackFilters, FeedbackStatus, FeedbackType } from '../domain/feedback.js';
import { type CsatFigures, csatFigures, type NpsFigures, npsFigures, roundTo } from '../domain/satisfaction-scores.js';
import type { FeedbackAggregates, TypeAggregate } from '../storage/repositories/feedback-stats.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';

export interface FeedbackStats {
  /** The range the figures cover, as asked (`null`: unbounded on that side). */
  range: { from: string | null; to: string | null };
  total: number;
  byType: { type: FeedbackType; count: number; averageScore: number | null }[];
  bySource: { source: string | null; count: number }[];
  byInbox: { inboxId: string; inboxName: string | null; count: number }[];
  byStatus: { status: FeedbackStatus; count: number }[];
  /** Net Promoter Score over `nps` items: % promoters (9–10) minus % detractors (0–6), −100..100. */
  nps: NpsFigures;
  /** Customer satisfaction over `csat` items: % of scores 4–5, 0..100. */
  csat: CsatFigures;
}

/** NPS of the `nps` type's aggregate (see FeedbackStats.nps). */
export function npsOf(row: TypeAggregate | undefined): FeedbackStats['nps'] {
  return npsFigures({ responses: row?.scored ?? 0, promoters: row?.atLeast9 ?? 0, detractors: row?.atMost6 ?? 0 });
}

/** CSAT of the `csat` type's aggregate (see FeedbackStats.csat). */
export function csatOf(row: TypeAggregate | undefined): FeedbackStats['csat'] {
  return csatFigures({ responses: row?.scored ?? 0, satisfied: row?.atLeast4 ?? 0 });
}

/** Turns the database's aggregates into the published figures. */
export function toFeedbackStats(aggregates: FeedbackAggregates, filters: FeedbackFilters): FeedbackStats {
  const byType = [...aggregates.byType].sort((a, b) => b.count - a.count || a.type.localeCompare(b.type));
  return {
    range: { from: filters.from ?? null, to: filters.to ?? null },
    total: byType.reduce((sum, row) => sum + row.count, 0),
    byType: byType.map((row) => ({
      type: row.type,
      count: row.count,
      averageScore: row.scored === 0 ? null : roundTo(row.scoreSum / row.scored, 2),
    })),
    bySource: aggregates.bySource,
    byInbox: aggregates.byInbox,
    byStatus: aggregates.byStatus,
    nps: npsOf(aggregates.byType.find((row) => row.type === 'nps')),
    csat: csatOf(aggregates.byType.find((row) => row.type === 'csat')),
  };
}

/**
 * Totals, averages, NPS, CSAT and breakdowns over the feedback a key may see, with the list's
 * filters (`limit` and `cursor` aside).
 *
 * @example
 * const stats = await feedbackStats(store, principal, { from: '2026-11-01T00:00:00.000Z' });
 */
export async function feedbackStats(
  store: Store,
  principal: Principal,
  filters: FeedbackFilters,
): Promise<FeedbackStats> {
  return toFeedbackStats(await store.feedbackStats.aggregate(visibleTo(principal), filters), filters);
}
