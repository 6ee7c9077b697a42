import { useQuery } from '@tanstack/react-query';
import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useMemo } from 'react';
import { InboxFilters } from '../inbox/inbox-filters.js';
import { Alert } from '../ui/alert.js';
import { PageHeader } from '../ui/page-header.js';
import { ExportPanel } from './export-panel.js';
import { InsightsControls } from './insights-controls.js';
import { dateIn, inboxDatesOf, trendsQueryOf } from './insights-period.js';
import { trendsQuery } from './insights-queries.js';
import { insightsRoute } from './insights-route.js';
import { filtersOf, type InsightsSearch, validateInsightsSearch } from './insights-search.js';
import { ThemesSection } from './themes-section.js';
import { TrendCharts } from './trend-charts.js';
import './insights.css';

/** Insights: trend charts of a period, the themes of its comments, and its export. */
export function InsightsPage() {
  const { orgId } = insightsRoute.useParams();
  // The route's search also holds every other key of the address: only the screen's own count.
  const address = insightsRoute.useSearch();
  const search = useMemo(() => validateInsightsSearch(address), [address]);
  const navigate = useNavigate({ from: insightsRoute.fullPath });
  const { membership } = useRouteContext({ from: '/signed-in/orgs/$orgId' });
  const timezone = membership.organization.timezone;
  const filters = useMemo(() => filtersOf(search), [search]);
  const trends = useQuery(trendsQuery(orgId, trendsQueryOf(search, dateIn(timezone))));
  // Themes and the export cover exactly what the charts count: their whole buckets.
  const period = trends.data?.range;
  const scoped = useMemo(
    () => (period ? { ...filters, from: period.from, to: period.to } : undefined),
    [filters, period],
  );

  const setSearch = (change: Partial<InsightsSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...change }), replace: true });
  const { interval, range, groupBy, ...inboxFilters } = search;

  return (
    <div className="insights">
      <PageHeader title="Insights" />
      <InsightsControls search={search} onChange={setSearch} />
      <InboxFilters
        orgId={orgId}
        search={inboxFilters}
        searchByMeaning={false}
        onChange={setSearch}
        onClear={() => navigate({ search: { interval, range, groupBy }, replace: true })}
      />
      <section className="insights-section" aria-labelledby="trends-heading" aria-busy={trends.isPending}>
        <h2 id="trends-heading">Trends</h2>
        {trends.isPending && <p className="muted">Counting…</p>}
        {trends.isError && <Alert>{trends.error.message}</Alert>}
        {trends.data && <TrendCharts trends={trends.data} />}
      </section>
      {period && scoped && (
        <>
          <ThemesSection
            orgId={orgId}
            period={period}
            inboxFilters={{ ...inboxFilters, ...inboxDatesOf(period, timezone) }}
            filters={filters}
          />
          <ExportPanel orgId={orgId} filters={scoped} />
        </>
      )}
    </div>
  );
}
