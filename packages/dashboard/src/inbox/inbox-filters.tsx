import { capitalized, FEEDBACK_TYPE_NAMES, FEEDBACK_TYPES } from '@hearback/spec';
import { useQuery } from '@tanstack/react-query';
import { brandsQuery, inboxesQuery, membersQuery } from '../api/organization.js';
import { usePermissions } from '../app/permissions.js';
import { Button } from '../ui/button.js';
import { SelectField } from '../ui/select.js';
import { tagsQuery } from './feedback-queries.js';
import { type InboxSearch, isFiltered, tagsOf, UNASSIGNED } from './inbox-search.js';
import { RangeFilters } from './range-filters.js';
import { SearchBox } from './search-box.js';
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
  /** Whether the search box offers a search by meaning (Insights cannot count by meaning). Default true. */
  searchByMeaning?: boolean;
  onChange(change: Partial<InboxSearch>): void;
  onClear(): void;
}

/** The list's filters; each change goes into the URL (and so into the list and the stream). */
export function InboxFilters({ orgId, search, searchByMeaning = true, onChange, onClear }: InboxFiltersProps) {
  const inboxes = useQuery(inboxesQuery(orgId));
  const members = useQuery(membersQuery(orgId));
  const { may } = usePermissions();
  const brands = useQuery({ ...brandsQuery(orgId), enabled: may('listBrands') });
  const brandOptions = (brands.data?.data ?? []).map((brand) => ({ id: brand.id, label: brand.name }));
  // With a brand chosen, its inboxes (and the one chosen, so the field still says what filters).
  const inboxOptions = (inboxes.data?.data ?? [])
    .filter((inbox) => !search.brand || inbox.brandId === search.brand || inbox.id === search.inboxId)
    .map((inbox) => ({ id: inbox.id, label: inbox.name }));
  const tags = useQuery(tagsQuery(orgId));
  // The organization's tags, most used first; those of the URL show even when no item carries them now.
  const chosenTags = tagsOf(search.tag) ?? [];
  const tagOptions = [...new Set([...(tags.data?.data ?? []).map(({ tag }) => tag), ...chosenTags])].map((tag) => ({
    id: tag,
    label: tag,
  }));
  // Several tags from a link or a saved view (items with every one): one entry says which.
  const allChosen = chosenTags.join(' + ');
  if (chosenTags.length > 1) tagOptions.unshift({ id: allChosen, label: allChosen });
  const pick = (name: keyof InboxSearch) => (id: string) => onChange({ [name]: id === ANY ? undefined : id });

  return (
    <fieldset className="filters inbox-filters">
      <legend className="visually-hidden">Filters</legend>
      <SearchBox search={search} byMeaning={searchByMeaning} onChange={onChange} />
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
        options={withAny('Any inbox', inboxOptions)}
        value={search.inboxId ?? ANY}
        onChange={pick('inboxId')}
      />
      {/* An organization without brands has nothing to choose; a brand in the URL still shows. */}
      {(brandOptions.length > 0 || search.brand) && (
        <SelectField
          label="Filter by brand"
          hideLabel
          options={withAny('Any brand', brandOptions)}
          value={search.brand ?? ANY}
          onChange={pick('brand')}
        />
      )}
      {(tagOptions.length > 0 || search.tag) && (
        <SelectField
          label="Filter by tag"
          hideLabel
          options={withAny('Any tag', tagOptions)}
          value={chosenTags.length > 0 ? allChosen : ANY}
          onChange={(id) => {
            if (id !== allChosen) onChange({ tag: id === ANY ? undefined : id });
          }}
        />
      )}
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
      <RangeFilters search={search} onChange={onChange} />
      {(isFiltered(search) || search.meaning) && (
        <Button variant="quiet" onClick={onClear}>
          Clear filters
        </Button>
      )}
    </fieldset>
  );
}
