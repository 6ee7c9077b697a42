import type { Page } from 'playwright-core';

/** How far, in whole CSS pixels, the inbox's filters stand in from the left and right edges of their group. */
export interface FilterLayout {
  /** From the group's left edge to the words of "Clear filters" (its box has no visible edge). */
  clearFiltersInset: number;
  /** Each row of the "Filter by …" selects: `[from the left edge, to the right edge]`. */
  selectRows: [number, number][];
}

/**
 * Measures the inbox's filters as shown (with "Clear filters" on screen): what a screenshot shows
 * as misaligned shows here as a number other than 0.
 *
 * @example
 * expect(await filterLayout(page)).toMatchObject({ clearFiltersInset: 0 });
 */
export function filterLayout(page: Page): Promise<FilterLayout> {
  return page.getByRole('group', { name: 'Filters' }).evaluate((group) => {
    const edges = group.getBoundingClientRect();
    const clear = [...group.querySelectorAll('button')].find((button) => button.textContent === 'Clear filters');
    if (!clear) throw new Error('"Clear filters" is not shown');
    const words = document.createRange();
    words.selectNodeContents(clear);
    const rows = new Map<number, DOMRect[]>();
    for (const select of group.querySelectorAll('select')) {
      if (!select.labels?.[0]?.textContent?.startsWith('Filter by')) continue;
      const box = select.getBoundingClientRect();
      rows.set(Math.round(box.top), [...(rows.get(Math.round(box.top)) ?? []), box]);
    }
    return {
      clearFiltersInset: Math.round(words.getBoundingClientRect().left - edges.left),
      selectRows: [...rows.values()].map((row): [number, number] => [
        Math.round(Math.min(...row.map((box) => box.left)) - edges.left),
        Math.round(edges.right - Math.max(...row.map((box) => box.right))),
      ]),
    };
  });
}
