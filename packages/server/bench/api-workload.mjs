/**
 * What `pnpm bench:api` asks for: the list's filter sets (as a dashboard would send them), the `q`
 * variants, and the trends queries. One definition for the HTTP measurement and its in-process
 * floor, so both run the same filters.
 */
import { YEAR_MS } from './api-seed.mjs';

const DAY_MS = 86_400_000;

/**
 * Filter sets of the list, each as query parameters: `inboxIds` are the seeded inboxes, `end` the
 * instant the seeded year ends.
 */
export function listFilterSets({ inboxIds, end }) {
  const iso = (ms) => new Date(ms).toISOString();
  return [
    { label: 'nps detractors', params: { type: 'nps', scoreMax: '6' } },
    { label: 'new in one inbox', params: { status: 'new', inboxId: inboxIds[1] } },
    { label: 'csat ≥ 4, last 30 days', params: { type: 'csat', scoreMin: '4', from: iso(end - 30 * DAY_MS) } },
    {
      label: 'stars ≥ 4 in an inbox, a month 5 months ago',
      params: {
        type: 'stars',
        scoreMin: '4',
        inboxId: inboxIds[2],
        from: iso(end - 150 * DAY_MS),
        to: iso(end - 120 * DAY_MS),
      },
    },
    { label: 'email, resolved', params: { source: 'email', status: 'resolved' } },
    {
      label: 'thumbs down, new, last 7 days',
      params: { type: 'thumbs', scoreMax: '0', status: 'new', from: iso(end - 7 * DAY_MS) },
    },
  ];
}

/** The `q` (comment substring) variants, reported apart: a LIKE over comments, not an index. */
export function searchFilterSets({ end }) {
  return [
    { label: 'q=checkout', params: { q: 'checkout' } },
    { label: 'q=invoice, last 90 days', params: { q: 'invoice', from: new Date(end - 90 * DAY_MS).toISOString() } },
  ];
}

/** The list filters as the repository takes them (numbers for scores, ISO strings for instants). */
export function repositoryFilters(params) {
  const filters = { ...params };
  for (const name of ['scoreMin', 'scoreMax']) if (name in filters) filters[name] = Number(filters[name]);
  return filters;
}

/** A year before `end` by day or by week, as the trends route and the trends service take it. */
export function trendQueries({ end }) {
  return ['day', 'week'].map((interval) => ({
    label: `a year by ${interval}`,
    params: { interval, from: new Date(end - YEAR_MS).toISOString(), to: new Date(end).toISOString() },
    service: { interval, from: { instant: end - YEAR_MS }, to: { instant: end }, filters: {} },
  }));
}
