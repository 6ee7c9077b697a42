import type { Automation } from '@hearback/client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { usePermissions } from '../app/permissions.js';
import { fullTime, timeAgo } from '../inbox/relative-time.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { type Column, DataTable } from '../ui/data-table.js';
import { PageHeader } from '../ui/page-header.js';
import { AUTOMATION_LIST_REFRESH_MS, automationsQuery } from './automation-queries.js';
import { EnabledState } from './automation-state.js';
import { automationsRoute } from './automations-route.js';
import { DeliveryBadge } from './delivery-badge.js';
import './automations.css';

/** The newest delivery's state and time, linking to the log. */
function LastDelivery({ orgId, automation }: { orgId: string; automation: Automation }) {
  const last = automation.lastDelivery;
  if (!last) return <span className="muted">None yet</span>;
  return (
    <Link
      to="/orgs/$orgId/automations/$automationId/deliveries"
      params={{ orgId, automationId: automation.id }}
      search={{}}
      className="last-delivery"
    >
      <span className="visually-hidden">Deliveries of {automation.name}, the last one: </span>
      <DeliveryBadge status={last.status} />
      <time className="muted" dateTime={last.createdAt} title={fullTime(last.createdAt)}>
        {timeAgo(last.createdAt)}
      </time>
    </Link>
  );
}

/** The organization's automations: what each sends where, whether it is on, and how its last delivery went. */
export function AutomationsPage() {
  const { orgId } = automationsRoute.useParams();
  const { may } = usePermissions();
  // Last deliveries change in the background: fetched again on every visit and while on screen.
  const list = useInfiniteQuery({
    ...automationsQuery(orgId),
    staleTime: 0,
    refetchInterval: AUTOMATION_LIST_REFRESH_MS,
  });
  const automations = list.data?.pages.flatMap((page) => page.data) ?? [];
  const columns: Column<Automation>[] = [
    {
      header: 'Name',
      cell: (automation) => (
        <Link to="/orgs/$orgId/automations/$automationId" params={{ orgId, automationId: automation.id }}>
          {automation.name}
        </Link>
      ),
    },
    { header: 'Events', cell: (automation) => <code>{automation.events.join(', ')}</code> },
    {
      header: 'URL',
      cell: (automation) => (
        <span className="automation-url">
          {automation.webhook.method} {automation.webhook.url}
        </span>
      ),
    },
    { header: 'State', cell: (automation) => <EnabledState automation={automation} /> },
    { header: 'Last delivery', cell: (automation) => <LastDelivery orgId={orgId} automation={automation} /> },
  ];

  return (
    <div className="automations">
      <PageHeader title="Automations">
        {may('createAutomation') && (
          <Link className="button button-primary" to="/orgs/$orgId/automations/new" params={{ orgId }}>
            New automation
          </Link>
        )}
      </PageHeader>
      <p className="muted intro">
        An automation sends a signed HTTP request to your URL when feedback arrives or changes: to Slack, a CRM, a
        ticket tracker or your own service.
      </p>
      {list.isError && <Alert>{list.error.message}</Alert>}
      {list.isPending ? (
        <p className="muted">Loading…</p>
      ) : (
        <DataTable
          caption="Automations"
          columns={columns}
          rows={automations}
          rowKey={(automation) => automation.id}
          empty={<p>No automations yet.</p>}
        />
      )}
      {list.hasNextPage && (
        <Button className="load-more" onClick={() => list.fetchNextPage()} pending={list.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </div>
  );
}
