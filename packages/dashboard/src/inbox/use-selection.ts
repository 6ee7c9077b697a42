import { useState } from 'react';

export interface Selection {
  /** The checked items the list shows: what a bulk change applies to. */
  ids: ReadonlySet<string>;
  toggle(id: string, checked: boolean): void;
  clear(): void;
}

/**
 * The items checked for bulk changes, never more than the list shows: another filter or search
 * (`filterKey`) starts an empty selection, and an item that leaves the list (resolved out of a
 * "New" filter) leaves the selection. A bulk change must not reach rows the reader cannot see.
 *
 * @example
 * const selection = useSelection(JSON.stringify(query), items.map((item) => item.id));
 */
export function useSelection(filterKey: string, shownIds: readonly string[]): Selection {
  const [checked, setChecked] = useState<{ filterKey: string; ids: ReadonlySet<string> }>({
    filterKey,
    ids: new Set(),
  });
  const current = checked.filterKey === filterKey ? checked.ids : new Set<string>();
  return {
    ids: new Set(shownIds.filter((id) => current.has(id))),
    toggle: (id, isChecked) =>
      setChecked(({ filterKey: key, ids: previous }) => {
        const next = new Set(key === filterKey ? previous : []);
        if (isChecked) next.add(id);
        else next.delete(id);
        return { filterKey, ids: next };
      }),
    clear: () => setChecked({ filterKey, ids: new Set() }),
  };
}
