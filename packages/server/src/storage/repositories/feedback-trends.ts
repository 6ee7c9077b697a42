import { type Expression, type ExpressionBuilder, type SqlBool, sql } from 'kysely';
import type { FeedbackFilters } from '../../domain/feedback.js';
import type { DialectAdapter } from '../dialect.js';
import type { DatabaseSchema } from '../schema.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { feedbackMatches } from './feedback-filters.js';
import { MAX_SOURCES, scoreAggregates, type TypeAggregate, toNumber, toTypeAggregate } from './feedback-stats.js';
import { bucketOf } from './time-buckets.js';

/** What a trend series may be split by, and the column each reads. */
export const TREND_GROUPS = { type: 'type', inbox: 'inbox_id', source: 'source', brand: 'brand_id' } as const;
export type TrendGroupBy = keyof typeof TREND_GROUPS;

/** One bucket's aggregates for one type (and one group). */
export interface TrendRow extends TypeAggregate {
  /** Index into the buckets: `boundaries[bucket] <= created_at < boundaries[bucket + 1]`. */
  bucket: number;
  /** The group's value (`inbox_id`, `source`, `brand_id`, `type`); null without `groupBy` or for items without one. */
  group: string | null;
}

/** `source` is one of these (null included: items without a source). */
function sourceAmong(sources: readonly (string | null)[]) {
  const named = sources.filter((source): source is string => source !== null);
  return (eb: ExpressionBuilder<DatabaseSchema, 'feedback'>): Expression<SqlBool> =>
    eb.or([
      ...(named.length > 0 ? [eb('source', 'in', named)] : []),
      ...(sources.includes(null) ? [eb('source', 'is', null)] : []),
    ]);
}

/** Counts per time bucket (and group) over the feedback a scope may see: one GROUP BY query. */
export function feedbackTrendsRepository(db: Executor, dialect: DialectAdapter) {
  return {
    /**
     * Aggregates per bucket, type and group of the items in `[boundaries[0], boundaries.at(-1))`
     * that match the filters (their `from` and `to` give way to the boundaries). Grouped by
     * source, only the most frequent sources are counted (free text).
     */
    async aggregate(
      scope: BrandScope,
      filters: FeedbackFilters,
      boundaries: readonly string[],
      groupBy: TrendGroupBy | undefined,
    ): Promise<TrendRow[]> {
      const from = boundaries[0];
      const to = boundaries[boundaries.length - 1];
      if (from === undefined || to === undefined || boundaries.length < 2) return [];
      const matching = (reader: Executor) =>
        reader.selectFrom('feedback').where(feedbackMatches(scope, { ...filters, from, to }));
      const column = groupBy ? TREND_GROUPS[groupBy] : undefined;

      let frequentSources: (string | null)[] | undefined;
      if (column === 'source') {
        const frequent = await matching(db)
          .select((eb) => ['source', eb.fn.countAll<number>().as('count')])
          .groupBy('source')
          .orderBy('count', 'desc')
          .orderBy('source')
          .limit(MAX_SOURCES + 1)
          .execute();
        if (frequent.length > MAX_SOURCES) frequentSources = frequent.slice(0, MAX_SOURCES).map((row) => row.source);
      }

      const group = column ? sql<string | null>`${sql.ref(column)}` : sql<string | null>`null`;
      const rows = await dialect.largeExpressionRead(db, (reader) =>
        matching(reader)
          .$if(frequentSources !== undefined, (query) => query.where(sourceAmong(frequentSources ?? [])))
          .select((eb) => [bucketOf(boundaries).as('bucket'), 'type', group.as('grp'), ...scoreAggregates(eb)])
          // By position: the bucket expression carries parameters, and PostgreSQL would not see the
          // same expression in a GROUP BY that repeats it with parameters of its own.
          .groupBy([sql`1`, 'type', sql`3`])
          .execute(),
      );

      return rows.map((row) => ({ ...toTypeAggregate(row), bucket: toNumber(row.bucket), group: row.grp }));
    },

    /** Display names of the inboxes or brands a trend is grouped by, within one organization. */
    async namesOf(orgId: string, groupBy: 'inbox' | 'brand', ids: string[]): Promise<Map<string, string>> {
      if (ids.length === 0) return new Map();
      const table = groupBy === 'inbox' ? 'inboxes' : 'brands';
      const rows = await db
        .selectFrom(table)
        .select(['id', 'name'])
        .where('org_id', '=', orgId)
        .where('id', 'in', ids)
        .execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    },
  };
}
