import { type FormEvent, useId, useState } from 'react';
import type { InboxSearch } from './inbox-search.js';

type Mode = 'words' | 'meaning';

/**
 * One box, two searches: words in comments (a list filter, live like the others) or meaning
 * (semantic search: the most relevant items, whatever their wording).
 */
export function SearchBox({
  search,
  byMeaning = true,
  onChange,
}: {
  search: InboxSearch;
  /** Offer the search by meaning; without it the box searches words only. */
  byMeaning?: boolean;
  onChange(change: Partial<InboxSearch>): void;
}) {
  const id = useId();
  const meaning = byMeaning ? search.meaning : undefined;
  const [chosen, setMode] = useState<Mode>(meaning ? 'meaning' : 'words');
  const mode = byMeaning ? chosen : 'words';
  const current = meaning ?? search.q ?? '';

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = String(new FormData(event.currentTarget).get('text') ?? '').trim() || undefined;
    onChange(mode === 'meaning' ? { meaning: text, q: undefined } : { q: text, meaning: undefined });
  }

  return (
    <search className="filter-search">
      <form onSubmit={onSubmit}>
        <label htmlFor={`${id}-text`} className="visually-hidden">
          Search
        </label>
        <input
          id={`${id}-text`}
          name="text"
          type="search"
          className="field-input"
          placeholder={mode === 'meaning' ? 'Describe what people said…' : 'Words in comments…'}
          defaultValue={current}
          key={current}
        />
        {byMeaning && (
          <>
            <label htmlFor={`${id}-mode`} className="visually-hidden">
              Search by
            </label>
            <select
              id={`${id}-mode`}
              className="field-input"
              value={mode}
              onChange={(event) => setMode(event.target.value as Mode)}
            >
              <option value="words">Words</option>
              <option value="meaning">Meaning</option>
            </select>
          </>
        )}
        <button type="submit" className="button button-secondary">
          Search
        </button>
      </form>
    </search>
  );
}
