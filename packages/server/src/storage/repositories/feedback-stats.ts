import type { ExpressionBuilder } from 'kysely';
import type { FeedbackFilters, FeedbackStatus, FeedbackType } from '../../domain/feedback.js';
import { CSAT_SATISFIED_MIN, NPS_DETRACTOR_MAX, NPS_PROMOTER_MIN } from '../../domain/satisfaction-scores.js';
import type { DatabaseSchema } from '../schema.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { feedbackMatches } from './feedback-filters.js';

/** Per type: counts and the score sums the NPS, CSAT and average figures are derived from. */
export interface TypeAggregate {
  type: FeedbackType;
  count: number;
  /** Items that carry a score (every type but `text`). */
  scored: number;
  scoreSum: number;
  /** Scores ≥ 9 (NPS promoters), ≤ 6 (NPS detractors), ≥ 4 (satisfied on CSAT). */
  atLeast9: number;
  atMost6: number;
  atLeast4: number;
}

export interface FeedbackAggregates {
  byType: TypeAggregate[];
  bySource: { source: string | null; count: number }[];
  byInbox: { inboxId: string; inboxName: string | null; count: number }[];
  byStatus: { status: FeedbackStatus; count: number }[];
}

/** Sources are free text: only the most frequent ones are broken down. */
export const MAX_SOURCES = 50;

/** A count or sum as a number: PostgreSQL returns count() and sum() as bigint/numeric strings, SQLite numbers. */
export const toNumber = (value: unknown): number => (value === null || value === undefined ? 0 : Number(value));

/** `sum(case when score OP value then 1 else 0 end)`; literals, since PostgreSQL cannot type a bare parameter there. */
function countWhere(eb: ExpressionBuilder<DatabaseSchema, 'feedback'>, operator: '>=' | '<=', value: number) {
  return eb.fn.sum<number>(eb.case().when('score', operator, value).then(eb.lit(1)).else(eb.lit(0)).end());
}

/**
 * The per-type figures of {@link TypeAggregate} as select expressions (`count`, `scored`,
 * `score_sum`, `at_least_9`, `at_most_6`, `at_least_4`): the stats and the trends count alike.
 */
export function scoreAggregates(eb: ExpressionBuilder<DatabaseSchema, 'feedback'>) {
  return [
    eb.fn.countAll<number>().as('count'),
    eb.fn.count<number>('score').as('scored'),
    eb.fn.sum<number>('score').as('score_sum'),
    countWhere(eb, '>=', NPS_PROMOTER_MIN).as('at_least_9'),
    countWhere(eb, '<=', NPS_DETRACTOR_MAX).as('at_most_6'),
    countWhere(eb, '>=', CSAT_SATISFIED_MIN).as('at_least_4'),
  ] as const;
}

/** A row of {@link scoreAggregates} as numbers. */
export function toTypeAggregate(row: {
  type: string;
  count: unknown;
  scored: unknown;
  score_sum: unknown;
  at_least_9: unknown;
  at_most_6: unknown;
  at_least_4: unknown;
}): TypeAggregate {
  return {
    type: row.type as FeedbackType,
    count: toNumber(row.count),
    scored: toNumber(row.scored),
    scoreSum: toNumber(row.score_sum),
    atLeast9: toNumber(row.at_least_9),
    atMost6: toNumber(row.at_most_6),
    atLeast4: toNumber(row.at_least_4),
  };
}

/** Aggregates over the feedback a scope may see: GROUP BY queries, computed by the database. */
export function feedbackStatsRepository(db: Executor) {
  return {
    async aggregate(scope: BrandScope, filters: FeedbackFilters): Promise<FeedbackAggregates> {
      const matching = () => db.selectFrom('feedback').where(feedbackMatches(scope, filters));
      const typeRows = await matching()
        .select((eb) => ['type', ...scoreAggregates(eb)])
        .groupBy('type')
        .execute();

      const sourceRows = await matching()
        .select((eb) => ['source', eb.fn.countAll<number>().as('count')])
        .groupBy('source')
        .orderBy('count', 'desc')
        .orderBy('source')
        .limit(MAX_SOURCES)
        .execute();

      const inboxRows = await matching()
        .select((eb) => ['inbox_id', eb.fn.countAll<number>().as('count')])
        .groupBy('inbox_id')
        .orderBy('count', 'desc')
        .orderBy('inbox_id')
        .execute();
      const inboxIds = inboxRows.map((row) => row.inbox_id);
      const names =
        inboxIds.length === 0
          ? []
          : await db
              .selectFrom('inboxes')
              .select(['id', 'name'])
              .where('org_id', '=', scope.orgId)
              .where('id', 'in', inboxIds)
              .execute();
      const nameOf = new Map(names.map((row) => [row.id, row.name]));

      const statusRows = await matching()
        .select((eb) => ['status', eb.fn.countAll<number>().as('count')])
        .groupBy('status')
        .orderBy('count', 'desc')
        .orderBy('status')
        .execute();

      return {
        byType: typeRows.map(toTypeAggregate),
        bySource: sourceRows.map((row) => ({ source: row.source, count: toNumber(row.count) })),
        byInbox: inboxRows.map((row) => ({
          inboxId: row.inbox_id,
          inboxName: nameOf.get(row.inbox_id) ?? null,
          count: toNumber(row.count),
        })),
        byStatus: statusRows.map((row) => ({ status: row.status as FeedbackStatus, count: toNumber(row.count) })),
      };
    },
  };
}
