import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectComments, createApiKey, createInbox, expectJson } from '../../../test/support/api-assertions.js';
import { dialectsUnderTest, openTestRuntime, requestApp, type TestBed } from '../../../test/support/harness.js';
import { testEmbedder } from '../../../test/support/test-embedder.js';

interface Results {
  data: { feedback: { id: string }; score: number; similarity: number | null }[];
  unindexed: number | null;
}

/** Comments that share one or two of the query's words each: most hold less than half of them. */
const COMMENTS = [
  'The app crashes every time I upload a photo',
  'Photo upload fails on the tablet',
  'The app is great',
  'Uploads take forever on mobile',
  'Crashes when I rotate the screen',
  'Please add a dark mode',
  'My photo albums are gone after the update',
  'The tablet app freezes at login',
];
const QUERIES = [
  'app crashing on photo uploads with my tablet',
  'photo albums missing after update',
  'app freezes and crashes',
];

for (const dialect of dialectsUnderTest()) {
  describe(`hybrid search while vectors are pending [${dialect}]`, () => {
    const embedder = testEmbedder('test-words', 32);
    let bed: TestBed;
    let cleanup: () => Promise<void>;
    let ids: string[];
    let brandKey: string;

    async function search(body: Record<string, unknown>, key = bed.orgA.adminKey): Promise<Results> {
      const path = `/organizations/${bed.orgA.organization.id}/search`;
      return expectJson<Results>(await bed.request(path, { method: 'POST', key, json: { limit: 50, ...body } }), 200);
    }
    const idsOf = (results: Results) => results.data.map((hit) => hit.feedback.id);

    beforeAll(async () => {
      const opened = await openTestRuntime(dialect, {}, { embedder });
      cleanup = opened.cleanup;
      const { runtime } = opened;
      const orgA = await runtime.services.organizations.bootstrap({ name: 'Org A' });
      const orgB = await runtime.services.organizations.bootstrap({ name: 'Org B' });
      bed = { runtime, orgA, orgB, request: (path, init) => requestApp(runtime, path, init) };
      ids = await collectComments(bed, orgA, COMMENTS);
      const brand = await expectJson<{ id: string }>(
        await bed.request(`/organizations/${orgA.organization.id}/brands`, {
          method: 'POST',
          key: orgA.adminKey,
          json: { name: 'Mobile' },
        }),
        201,
      );
      const brandInbox = await createInbox(bed, orgA, { name: 'mobile', brandId: brand.id });
      brandKey = (await createApiKey(bed, orgA, { scopes: ['read'], brandId: brand.id })).secret;
      await collectComments(bed, { collectKey: orgA.collectKey, inbox: brandInbox }, ['Photo upload is slow']);
      // Nothing to embed: no comment, or a blank one. Another organization's items are not counted.
      for (const comment of [undefined, '   ']) {
        const response = await bed.request('/collect', {
          method: 'POST',
          key: orgA.collectKey,
          json: { inboxKey: orgA.inbox.inboxKey, type: 'thumbs', score: 0, ...(comment && { comment }) },
        });
        await expectJson(response, 201);
      }
      await collectComments(bed, orgB, ['The app crashes every time I upload a photo']);
    });
    afterAll(() => cleanup());

    it('ranks items without vectors as keyword search does: the same items in the same order', async () => {
      for (const query of QUERIES) {
        const keyword = await search({ query, mode: 'keyword' });
        const hybrid = await search({ query });
        expect(idsOf(keyword).length, query).toBeGreaterThan(2);
        expect(idsOf(hybrid), query).toEqual(idsOf(keyword));
        // Found by their words alone: no similarity, half the score of an item found both ways.
        for (const hit of hybrid.data) {
          expect(hit.similarity).toBeNull();
          expect(hit.score).toBeLessThanOrEqual(0.5);
        }
      }
      // Items sharing a single word of five are found too (the hybrid rule for items with vectors
      // would need three).
      const found = idsOf(await search({ query: QUERIES[0] as string, limit: 10 }));
      expect(found).toContain(ids[2]); // "The app is great": app
      expect(found).toContain(ids[4]); // "Crashes when I rotate the screen": crashes
    });

    it('says how many items of the scope lack a vector, before and after embedding', async () => {
      expect((await search({ query: 'photo' })).unindexed).toBe(COMMENTS.length + 1);
      expect((await search({ query: 'photo', mode: 'semantic' })).unindexed).toBe(COMMENTS.length + 1);
      expect((await search({ query: 'photo' }, brandKey)).unindexed).toBe(1);
      // Keyword ranking does not depend on vectors.
      expect((await search({ query: 'photo', mode: 'keyword' })).unindexed).toBeNull();

      await bed.runtime.jobs.runUntilIdle();
      expect((await search({ query: 'photo' })).unindexed).toBe(0);
      expect((await search({ query: 'photo' }, brandKey)).unindexed).toBe(0);
      const similar = await expectJson<Results>(
        await bed.request(`/organizations/${bed.orgA.organization.id}/feedback/${ids[0]}/similar`, {
          key: bed.orgA.adminKey,
        }),
        200,
      );
      expect(similar.unindexed).toBe(0);
      const hybrid = await search({ query: QUERIES[0] as string });
      expect(hybrid.data.every((hit) => typeof hit.similarity === 'number')).toBe(true);
    });

    it('finds a new item by its words while it waits for its vector, next to items that have one', async () => {
      const query = 'app crashing on photo uploads with my tablet';
      // One word of five: below the share an item with a vector needs to rank by its words.
      const [fresh] = await collectComments(bed, bed.orgA, ['Tablet keyboard covers the text field']);
      const before = await search({ query });
      expect(before.unindexed).toBe(1);
      expect(idsOf(before)).toContain(fresh);

      await bed.runtime.jobs.runUntilIdle();
      expect((await search({ query })).unindexed).toBe(0);
    });
  });
}
