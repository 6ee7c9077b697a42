import { useQuery } from '@tanstack/react-query';
import { membersQuery } from '../api/organization.js';
import { Button } from '../ui/button.js';
import { TextField } from '../ui/fields.js';
import { SelectField } from '../ui/select.js';
import { AUDIT_ACTION_LABELS, AUDIT_RESOURCE_LABELS } from './audit-wording.js';
import { apiKeysQuery, type AuditFilters as Filters } from './settings-queries.js';

const ANY = 'any';
const options = (any: string, labels: Readonly<Record<string, string>>) => [
  { id: ANY, label: any },
  ...Object.entries(labels).map(([id, label]) => ({ id, label })),
];
const ACTION_OPTIONS = options('Any action', AUDIT_ACTION_LABELS);
const RESOURCE_OPTIONS = options('Any subject', AUDIT_RESOURCE_LABELS);

/** The filters the audit log's API offers: action, subject type, actor (a member or a key), dates. */
export function AuditFilters({
  orgId,
  filters,
  onChange,
}: {
  orgId: string;
  filters: Filters;
  onChange: (change: Partial<Filters>) => void;
}) {
  const members = useQuery(membersQuery(orgId));
  const keys = useQuery(apiKeysQuery(orgId));
  const actors = [
    { id: ANY, label: 'Anyone' },
    ...(members.data?.data ?? []).map((member) => ({ id: member.userId, label: member.name })),
    ...(keys.data?.data ?? []).map((key) => ({ id: key.id, label: `Key: ${key.name}` })),
  ];
  const pick = (name: 'action' | 'resourceType' | 'actorId') => (id: string) =>
    onChange({ [name]: id === ANY ? undefined : id });
  const date = (name: 'from' | 'to') => (event: { target: { value: string } }) =>
    onChange({ [name]: event.target.value || undefined });
  const filtered = Object.values(filters).some((value) => value !== undefined);
  return (
    <fieldset className="filters audit-filters">
      <legend className="visually-hidden">Filters</legend>
      <SelectField label="Action" options={ACTION_OPTIONS} value={filters.action ?? ANY} onChange={pick('action')} />
      <SelectField
        label="Subject"
        options={RESOURCE_OPTIONS}
        value={filters.resourceType ?? ANY}
        onChange={pick('resourceType')}
      />
      <SelectField label="Who" options={actors} value={filters.actorId ?? ANY} onChange={pick('actorId')} />
      <TextField label="From" type="date" value={filters.from ?? ''} onChange={date('from')} />
      <TextField label="Until" type="date" value={filters.to ?? ''} onChange={date('to')} />
      {filtered && (
        <Button
          variant="quiet"
          onClick={() =>
            onChange({ action: undefined, resourceType: undefined, actorId: undefined, from: undefined, to: undefined })
          }
        >
          Clear filters
        </Button>
      )}
    </fieldset>
  );
}
