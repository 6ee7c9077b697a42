import type { Delivery } from '@hearback/client';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { usePermissions } from '../app/permissions.js';
import { fullTime, timeAgo } from '../inbox/relative-time.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { PageHeader } from '../ui/page-header.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { SelectField } from '../ui/select.js';
import { automationQuery, deliveriesQuery, useRedeliver } from './automation-queries.js';
import { deliveriesRoute } from './automations-route.js';
import { DeliveryAttempts, lastAttemptSummary } from './delivery-attempts.js';
import { DeliveryBadge } from './delivery-badge.js';
import { DELIVERY_STATUS_LABELS, DELIVERY_STATUSES, type DeliveryStatus } from './delivery-status.js';
import './automations.css';

const ALL = 'all';

/** One delivery: its state, event, attempts (expandable) and a redeliver button. */
function DeliveryItem({
  delivery,
  canRedeliver,
  onRedeliver,
  redelivering,
}: {
  delivery: Delivery;
  canRedeliver: boolean;
  onRedeliver: () => void;
  redelivering: boolean;
}) {
  return (
    <li className="delivery" data-id={delivery.id}>
      <div className="delivery-summary">
        <DeliveryBadge status={delivery.status} />
        <code className="delivery-event">{delivery.eventType}</code>
        <span className="muted delivery-event-id">{delivery.eventId}</span>
        <time className="muted" dateTime={delivery.createdAt} title={fullTime(delivery.createdAt)}>
          {timeAgo(delivery.createdAt)}
        </time>
        <span className="delivery-last">{lastAttemptSummary(delivery)}</span>
        {canRedeliver && delivery.status !== 'delivering' && (
          <Button
            variant="quiet"
            onClick={onRedeliver}
            pending={redelivering}
            aria-label={`Redeliver ${delivery.eventType} ${delivery.eventId}`}
          >
            Redeliver
          </Button>
        )}
      </div>
      {delivery.nextAttemptAt && delivery.status === 'pending' && (
        <p className="muted delivery-next">Next attempt {timeAgo(delivery.nextAttemptAt)}.</p>
      )}
      {delivery.attempts.length > 0 && <DeliveryAttempts delivery={delivery} />}
    </li>
  );
}

/** An automation's delivery log: each event sent, its attempts, and redelivery (one, or every failed one). */
export function DeliveriesPage() {
  const { orgId, automationId } = deliveriesRoute.useParams();
  const { state: status } = deliveriesRoute.useSearch();
  const navigate = useNavigate({ from: deliveriesRoute.fullPath });
  const { may } = usePermissions();
  const automation = useQuery(automationQuery(orgId, automationId));
  const log = useInfiniteQuery(deliveriesQuery(orgId, automationId, status));
  const { one, failed } = useRedeliver(orgId, automationId);
  const deliveries = log.data?.pages.flatMap((page) => page.data) ?? [];
  const canRedeliver = may('redeliverDelivery');
  const name = automation.data?.name ?? 'Automation';

  return (
    <div className="automations">
      <PageHeader title={`Deliveries: ${name}`}>
        {may('redeliverFailedDeliveries') && (
          <Button onClick={() => failed.mutate()} pending={failed.isPending}>
            Redeliver all failed
          </Button>
        )}
      </PageHeader>
      <p className="breadcrumb">
        <Link to="/orgs/$orgId/automations" params={{ orgId }}>
          All automations
        </Link>
        {' · '}
        <Link to="/orgs/$orgId/automations/$automationId" params={{ orgId, automationId }}>
          Edit {name}
        </Link>
      </p>
      {failed.data && (
        <Alert tone="success">
          {failed.data.queued === 0
            ? 'No failed deliveries to send again.'
            : `${failed.data.queued} failed ${failed.data.queued === 1 ? 'delivery' : 'deliveries'} queued again.`}
        </Alert>
      )}
      <Alert>{problemFeedback(failed.error ?? one.error).formError}</Alert>
      <div className="row log-filters">
        <SelectField
          label="Status"
          value={status ?? ALL}
          options={[
            { id: ALL, label: 'All deliveries' },
            ...DELIVERY_STATUSES.map((id) => ({ id, label: DELIVERY_STATUS_LABELS[id] })),
          ]}
          onChange={(id) =>
            navigate({ search: { state: id === ALL ? undefined : (id as DeliveryStatus) }, replace: true })
          }
        />
        <p className="muted" aria-live="polite">
          {log.isFetching ? 'Refreshing…' : 'Refreshes by itself.'}
        </p>
      </div>
      {log.isError && <Alert>{log.error.message}</Alert>}
      {log.isPending ? (
        <p className="muted">Loading…</p>
      ) : deliveries.length === 0 ? (
        <div className="empty">
          <p>No deliveries{status ? ` ${DELIVERY_STATUS_LABELS[status].toLowerCase()}` : ''} yet.</p>
        </div>
      ) : (
        <ul className="delivery-list" aria-label="Deliveries">
          {deliveries.map((delivery) => (
            <DeliveryItem
              key={delivery.id}
              delivery={delivery}
              canRedeliver={canRedeliver}
              onRedeliver={() => one.mutate(delivery.id)}
              redelivering={one.isPending && one.variables === delivery.id}
            />
          ))}
        </ul>
      )}
      {log.hasNextPage && (
        <Button className="load-more" onClick={() => log.fetchNextPage()} pending={log.isFetchingNextPage}>
          Load more
        </Button>
      )}
    </div>
  );
}
