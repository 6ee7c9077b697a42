import { SCORE_RANGES, type ScoreRange } from '@hearback/spec';
import { useId } from 'react';
import { type InboxSearch, listQueryOf, scoreRangeError } from './inbox-search.js';

/** The lowest and highest score any type has: the bounds of the score fields without a type. */
const SCORED = Object.values(SCORE_RANGES).filter((range): range is ScoreRange => range !== null);
const ALL_SCORES: ScoreRange = {
  min: Math.min(...SCORED.map((range) => range.min)),
  max: Math.max(...SCORED.map((range) => range.max)),
};

const asNumber = (value: string) => (value === '' ? undefined : Number(value));
const asDate = (value: string) => (value === '' ? undefined : value);

/** Score range, date range and source: typed in, applied when the field is left or Enter pressed. */
export function RangeFilters({
  search,
  onChange,
}: {
  search: InboxSearch;
  onChange(change: Partial<InboxSearch>): void;
}) {
  const id = useId();
  const range = (search.type && SCORE_RANGES[search.type]) || ALL_SCORES;
  const rangeError = scoreRangeError(listQueryOf(search));
  const field = (
    name: keyof InboxSearch,
    label: string,
    props: React.InputHTMLAttributes<HTMLInputElement>,
    parse: (value: string) => unknown,
    error?: string,
  ) => (
    <div className="field field-compact">
      <label htmlFor={`${id}-${name}`} className="field-label">
        {label}
      </label>
      <input
        {...props}
        id={`${id}-${name}`}
        className="field-input"
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-${name}-error` : undefined}
        key={String(search[name] ?? '')}
        defaultValue={String(search[name] ?? '')}
        onBlur={(event) => {
          const value = parse(event.currentTarget.value);
          if (value !== search[name]) onChange({ [name]: value });
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.currentTarget.blur();
        }}
      />
      {error && (
        <span id={`${id}-${name}-error`} className="field-error" role="alert">
          {error}
        </span>
      )}
    </div>
  );
  return (
    <div className="range-filters">
      {field(
        'scoreMin',
        'Score from',
        { type: 'number', min: range.min, max: range.max, inputMode: 'numeric' },
        asNumber,
      )}
      {field(
        'scoreMax',
        'to',
        { type: 'number', min: range.min, max: range.max, inputMode: 'numeric' },
        asNumber,
        rangeError,
      )}
      {field('from', 'Since', { type: 'date' }, asDate)}
      {field('to', 'Until', { type: 'date' }, asDate)}
      {field('source', 'Source', { type: 'text', placeholder: 'widget, email…' }, (value) => value.trim() || undefined)}
    </div>
  );
}
