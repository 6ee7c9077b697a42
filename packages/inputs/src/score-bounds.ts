/**
 * A score range's bounds in order: `scoreMin` at most `scoreMax` when both are given. A reversed
 * range holds no score, so it is refused as the mistake it is wherever filters take both bounds
 * (the feedback list with its stats, trends and export, saved views, search, automation filters).
 *
 * @example
 * FiltersSchema.refine(scoreBoundsInOrder, SCORE_BOUNDS_IN_ORDER)
 */
export function scoreBoundsInOrder(filters: { scoreMin?: number | undefined; scoreMax?: number | undefined }): boolean {
  return filters.scoreMin === undefined || filters.scoreMax === undefined || filters.scoreMin <= filters.scoreMax;
}

export const SCORE_BOUNDS_IN_ORDER = {
  path: ['scoreMax'],
  // Read beside the API's `scoreMax` and beside the dashboard's "Highest score" field alike: it names
  // the other bound as both call it (the document describes `scoreMin` as the lowest score).
  message: 'Must be at least the lowest score.',
};
