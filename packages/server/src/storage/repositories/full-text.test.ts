import { beforeAll, expect, it } from 'vitest';
import { collectComments } from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

describeEachDatabase('full-text search repository', (bed) => {
  let ids: string[] = [];
  let otherOrg: string[] = [];
  const matches = (query: string, options?: { minimumShare?: number }) =>
    bed().runtime.store.fullText.search({ orgId: bed().orgA.organization.id, brandId: null }, {}, query, 50, options);
  const search = async (query: string) => (await matches(query)).map((match) => match.id);
  /** The matches holding the share, as the hybrid ranking keeps them. */
  const holding = async (query: string, minimumShare: number) =>
    (await matches(query, { minimumShare })).filter((match) => match.holdsShare).map((match) => match.id);

  beforeAll(async () => {
    ids = await collectComments(bed(), bed().orgA, [
      'The app crashes every time I upload a photo',
      'The app is great',
      "Can't find the export button",
      "Don't like the new logo",
      'Photos upload slowly',
    ]);
    otherOrg = await collectComments(bed(), bed().orgB, ['The app crashes every time I upload a photo']);
  });

  it('matches any stemmed term by default, the best match first, within the organization', async () => {
    const found = await search('app crashing on photo uploads');
    expect(found[0]).toBe(ids[0]);
    expect([...found].sort()).toEqual([ids[0], ids[1], ids[4]].sort());
    expect(found).not.toContain(otherOrg[0]);
  });

  it('with a minimum share, marks the items that have that share of the terms, and still returns the others', async () => {
    // Terms: app, crashing, photo, uploads; half of them is two.
    expect([...(await holding('app crashing on photo uploads', 0.5))].sort()).toEqual([ids[0], ids[4]].sort());
    expect(await holding('app crashing on photo uploads', 1)).toEqual([ids[0]]);
    expect((await matches('app crashing on photo uploads', { minimumShare: 1 })).map((match) => match.id)).toEqual(
      await search('app crashing on photo uploads'),
    );
  });

  it('ignores stop words and the fragments of contractions', async () => {
    // "can't" and "don't" leave no `t` term behind that would match both contractions.
    expect(await search("can't export")).toEqual([ids[2]]);
    expect(await search("don't you can't")).toEqual([]);
  });
});
