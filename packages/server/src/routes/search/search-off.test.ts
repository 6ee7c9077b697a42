import { beforeAll, expect, it } from 'vitest';
import { collectComments, expectJson, expectProblem } from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { usagePeriod } from '../../lib/time.js';

interface Hit {
  feedback: { id: string };
  similarity: number | null;
}

// The harness's default: HEARBACK_SEARCH=off, no embedder.
describeEachDatabase('search API without semantic search', (bed) => {
  let ids: string[] = [];
  const searchPath = () => `/organizations/${bed().orgA.organization.id}/search`;
  const search = (json: unknown) => bed().request(searchPath(), { method: 'POST', key: bed().orgA.adminKey, json });

  beforeAll(async () => {
    ids = await collectComments(bed(), bed().orgA, [
      'Error ERR_42 when I export to CSV',
      'The export button is hard to find',
      'Love it',
    ]);
  });

  it('keyword mode finds the words, best match first', async () => {
    const { data } = await expectJson<{ data: Hit[] }>(await search({ query: 'ERR_42 export', mode: 'keyword' }), 200);
    expect(data.map((hit) => hit.feedback.id)).toEqual([ids[0], ids[1]]);
    expect(data.every((hit) => hit.similarity === null)).toBe(true);
  });

  it('hybrid mode (the default) falls back to the words alone', async () => {
    const { data } = await expectJson<{ data: Hit[] }>(await search({ query: 'export' }), 200);
    expect(data.map((hit) => hit.feedback.id).sort()).toEqual([ids[0], ids[1]].sort());
  });

  it('semantic mode answers 503 search_unavailable and is not counted', async () => {
    const usage = () => bed().runtime.store.usage.read(bed().orgA.organization.id, usagePeriod());
    const before = (await usage()).searches;
    await expectProblem(await search({ query: 'export', mode: 'semantic' }), 503, 'search_unavailable');
    expect((await usage()).searches).toBe(before);
  });
});
