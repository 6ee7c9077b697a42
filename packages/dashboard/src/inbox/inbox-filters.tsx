import { capitalized, FEEDBACK_TYPE_NAMES, FEEDBACK_TYPES } from '@hearback/spec';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId } from 'react';
import { inboxesQuery, membersQuery } from '../api/organization.js';
import { Button } from '../ui/button.js';
import { SelectField } from '../ui/select.js';
import { type InboxSearch, isFiltered, UNASSIGNED } from './inbox-search.js';
import { STATUS_OPTIONS } from './status.js';

const ANY = 'any';
const withAny = (label: string, options: { id: string; label: string }[]) => [{ id: ANY, label }, ...options];
const TYPE_OPTIONS = withAny(
  'Any type',
  FEEDBACK_TYPES.map((type) => ({ id: type, label: capitalized(FEEDBACK_TYPE_NAMES[type]) })),
);
const STATUS_FILTER_OPTIONS = withAny('Any status', [...STATUS_OPTIONS]);

export interface InboxFiltersProps {
  orgId: string;
  search: InboxSearch;
  onChange(change: Partial<InboxSearch>): void;
  onClear(): void;
}

/** The list's filters; each change goes into the URL (and so into the list and the stream). */
export function InboxFilters({ orgId, search, onChange, onClear }: InboxFiltersProps) {
  const inboxes = useQuery(inboxesQuery(orgId));
  const members = useQuery(membersQuery(orgId));
  const searchId = useId();
  const pick = (name: keyof InboxSearch) => (id: string) => onChange({ [name]: id === ANY ? undefined : id });

  function onSearch(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    onChange({ q: q || undefined });
  }

  return (
    <fieldset className="filters">
      <legend className="visually-hidden">Filters</legend>
      <search className="filter-search">
        <form onSubmit={onSearch}>
          <label htmlFor={searchId} className="visually-hidden">
            Search comments
          </label>
          <input
            id={searchId}
            name="q"
            type="search"
            className="field-input"
            placeholder="Search comments…"
            defaultValue={search.q ?? ''}
            key={search.q ?? ''}
          />
        </form>
      </search>
      <SelectField
        label="Filter by type"
        hideLabel
        options={TYPE_OPTIONS}
        value={search.type ?? ANY}
        onChange={pick('type')}
      />
      <SelectField
        label="Filter by status"
        hideLabel
        options={STATUS_FILTER_OPTIONS}
        value={search.status ?? ANY}
        onChange={pick('status')}
      />
      <SelectField
        label="Filter by inbox"
        hideLabel
        options={withAny(
          'Any inbox',
          (inboxes.data?.data ?? []).map((inbox) => ({ id: inbox.id, label: inbox.name })),
        )}
        value={search.inboxId ?? ANY}
        onChange={pick('inboxId')}
      />
      <SelectField
        label="Filter by assignee"
        hideLabel
        options={withAny('Anyone', [
          { id: UNASSIGNED, label: 'Unassigned' },
          ...(members.data?.data ?? []).map((member) => ({ id: member.userId, label: member.name })),
        ])}
        value={search.assignee ?? ANY}
        onChange={pick('assignee')}
      />
      {isFiltered(search) && (
        <Button variant="quiet" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </fieldset>
  );
}
