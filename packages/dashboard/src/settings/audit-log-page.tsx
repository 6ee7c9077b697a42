import type { AuditEntry } from '@hearback/client';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { fullTime } from '../inbox/relative-time.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { type Column, DataTable } from '../ui/data-table.js';
import { PageHeader } from '../ui/page-header.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { auditFilters } from './audit-filter-values.js';
import { AuditFilters } from './audit-filters.js';
import { useSubjectNames } from './audit-subject-names.js';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS } from './audit-wording.js';
import { auditLogQuery, type AuditFilters as Filters } from './settings-queries.js';
import { auditLogSettingsRoute } from './settings-route.js';

/** What the actor is, never a role (an owner labelled "Member" read as that role). */
const ACTOR_KINDS: Readonly<Record<AuditEntry['actor']['type'], string>> = {
  user: 'Person',
  api_key: 'API key',
  system: 'Hearback',
};

/** The fields a change touched, when the entry names them. */
function changedFields(entry: AuditEntry): string {
  const changed = entry.details.changed;
  return Array.isArray(changed) && changed.length > 0 ? `Changed: ${changed.join(', ')}` : '';
}

/** The log's columns; `names` gives the subjects' current names. */
const columns = (names: ReadonlyMap<string, string>): Column<AuditEntry>[] => [
  {
    header: 'When',
    cell: (entry) => (
      <time dateTime={entry.at} className="nowrap">
        {fullTime(entry.at)}
      </time>
    ),
  },
  {
    header: 'Who',
    cell: (entry) => (
      <>
        {entry.actor.name ?? <span className="muted">{entry.actor.id} (gone)</span>}
        <span className="muted subject-name">{ACTOR_KINDS[entry.actor.type]}</span>
      </>
    ),
  },
  {
    header: 'What',
    cell: (entry) => (
      <>
        {AUDIT_ACTION_LABELS[entry.action]}
        {changedFields(entry) && <span className="muted audit-detail">{changedFields(entry)}</span>}
      </>
    ),
  },
  {
    header: 'Subject',
    cell: (entry) => (
      <>
        {AUDIT_RESOURCE_LABELS[entry.resource.type]}
        {names.has(entry.resource.id) && <strong className="subject-name">{names.get(entry.resource.id)}</strong>}
        <code className="audit-id subject-name">{entry.resource.id}</code>
      </>
    ),
  },
];

/** Who changed what in the organization, newest first, filtered as the API allows. */
export function AuditLogPage() {
  const { orgId } = auditLogSettingsRoute.useParams();
  const filters = auditFilters(auditLogSettingsRoute.useSearch());
  const navigate = useNavigate({ from: auditLogSettingsRoute.fullPath });
  const log = useInfiniteQuery(auditLogQuery(orgId, filters));
  const names = useSubjectNames(orgId);
  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <>
      <PageHeader title="Audit log" />
      <AuditFilters
        orgId={orgId}
        filters={filters}
        onChange={(change: Partial<Filters>) => navigate({ search: (previous) => ({ ...previous, ...change }) })}
      />
      <Alert>{problemFeedback(log.error).formError}</Alert>
      {log.data && (
        <DataTable
          caption="Audit log"
          columns={columns(names)}
          rows={entries}
          rowKey={(entry) => entry.id}
          empty={
            <p>
              {filtered
                ? 'No entries match these filters.'
                : 'Nothing recorded yet. The audit log keeps who changed what: keys, inboxes, brands, members, pages, automations and triage.'}
            </p>
          }
        />
      )}
      {log.hasNextPage && (
        <Button className="load-more" onClick={() => log.fetchNextPage()} pending={log.isFetchingNextPage}>
          Show older entries
        </Button>
      )}
    </>
  );
}
