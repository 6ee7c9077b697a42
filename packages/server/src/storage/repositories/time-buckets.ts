import { type RawBuilder, sql } from 'kysely';

/**
 * The bucket a row's `created_at` falls in: the index `i` with `boundaries[i] <= created_at <
 * boundaries[i + 1]`, by binary search over the boundaries (ISO-8601 UTC text sorts as time): about
 * log2(buckets) comparisons a row, the same SQL on both dialects, and exact for any time zone,
 * since the boundaries were computed in it beforehand. Trends and page analytics count by it; run
 * its reads through `DialectAdapter.largeExpressionRead`.
 *
 * @example
 * db.selectFrom('feedback').select(bucketOf(['2026-11-01T07:00:00.000Z', '2026-11-02T08:00:00.000Z']).as('bucket'));
 */
export function bucketOf(boundaries: readonly string[]): RawBuilder<number> {
  return bucketIndex(boundaries, 0, boundaries.length - 1);
}

function bucketIndex(boundaries: readonly string[], low: number, high: number): RawBuilder<number> {
  if (high - low === 1) return sql<number>`${sql.lit(low)}`;
  const middle = (low + high) >> 1;
  const earlier = bucketIndex(boundaries, low, middle);
  const later = bucketIndex(boundaries, middle, high);
  return sql<number>`case when created_at < ${boundaries[middle]} then ${earlier} else ${later} end`;
}
