import { describe, expect, it } from 'vitest';
import { Paginator } from './pagination.js';

function pagesOf(pages: string[][]) {
  const requested: (string | undefined)[] = [];
  const paginator = (firstCursor?: string) =>
    new Paginator<string>(async (cursor) => {
      requested.push(cursor);
      const index = cursor === undefined ? 0 : Number(cursor);
      return { data: pages[index] ?? [], nextCursor: index + 1 < pages.length ? String(index + 1) : null };
    }, firstCursor);
  return { paginator, requested };
}

describe('Paginator', () => {
  it('iterates every item across pages, following nextCursor', async () => {
    const { paginator, requested } = pagesOf([['a', 'b'], ['c'], ['d']]);
    const items: string[] = [];
    for await (const item of paginator()) items.push(item);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
    expect(requested).toEqual([undefined, '1', '2']);
  });

  it('requests nothing before iteration, and only as far as the caller reads', async () => {
    const { paginator, requested } = pagesOf([['a', 'b'], ['c']]);
    const list = paginator();
    expect(requested).toEqual([]);
    for await (const item of list) if (item === 'a') break;
    expect(requested).toEqual([undefined]);
  });

  it('exposes pages and starts at a given cursor', async () => {
    const { paginator } = pagesOf([['a'], ['b'], ['c']]);
    const pages = [];
    for await (const page of paginator('1').pages()) pages.push(page);
    expect(pages).toEqual([
      { data: ['b'], nextCursor: '2' },
      { data: ['c'], nextCursor: null },
    ]);
    expect(await paginator().toArray()).toEqual(['a', 'b', 'c']);
  });

  it('yields nothing for an empty list', async () => {
    expect(await pagesOf([[]]).paginator().toArray()).toEqual([]);
  });
});
