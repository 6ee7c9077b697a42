import type { Page } from '@hearback/client';

/**
 * All items of a list operation, fetched a page at a time as you iterate: `for await` over the
 * items, or over `pages()` to see each page and its cursor. Nothing is requested before iteration
 * starts, and each iteration starts again from the first page.
 *
 * @example
 * for await (const feedback of hearback.feedback.list({ status: 'new' })) console.log(feedback.id);
 * const inboxes = await hearback.inboxes.list().toArray();
 */
// `ItemPage`: a list whose pages carry more than the items (a theme's) yields them as they are.
export class Paginator<Item, ItemPage extends Page<Item> = Page<Item>> implements AsyncIterable<Item> {
  readonly #fetchPage: (cursor: string | undefined) => Promise<ItemPage>;
  readonly #firstCursor: string | undefined;

  constructor(fetchPage: (cursor: string | undefined) => Promise<ItemPage>, firstCursor?: string) {
    this.#fetchPage = fetchPage;
    this.#firstCursor = firstCursor;
  }

  /** Each page in turn, starting at the `cursor` given to `list()` (if any). */
  async *pages(): AsyncGenerator<ItemPage, void, undefined> {
    let cursor = this.#firstCursor;
    do {
      const page = await this.#fetchPage(cursor);
      yield page;
      cursor = page.nextCursor ?? undefined;
    } while (cursor !== undefined);
  }

  async *[Symbol.asyncIterator](): AsyncGenerator<Item, void, undefined> {
    for await (const page of this.pages()) yield* page.data;
  }

  /** Every item in one array. Mind the size of what you list: this reads to the last page. */
  async toArray(): Promise<Item[]> {
    const items: Item[] = [];
    for await (const item of this) items.push(item);
    return items;
  }
}
