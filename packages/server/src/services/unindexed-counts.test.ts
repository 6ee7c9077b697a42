import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectComments } from '../../test/support/api-assertions.js';
import { dialectsUnderTest, openTestRuntime, requestApp, type TestBed } from '../../test/support/harness.js';
import { testEmbedder } from '../../test/support/test-embedder.js';
import { unindexedCounts } from './unindexed-counts.js';

const FRESH_MS = 1_000;

for (const dialect of dialectsUnderTest()) {
  describe(`unindexed counts [${dialect}]`, () => {
    const embedder = testEmbedder('test-words', 16);
    let bed: TestBed;
    let cleanup: () => Promise<void>;
    // A clock the test steps: the window passes without waiting for it.
    let clock = 0;
    const options = { now: () => clock, freshMs: FRESH_MS };
    const scopeA = () => ({ orgId: bed.orgA.organization.id, brandId: null });

    beforeAll(async () => {
      const opened = await openTestRuntime(dialect, {}, { embedder });
      cleanup = opened.cleanup;
      const { runtime } = opened;
      const orgA = await runtime.services.organizations.bootstrap({ name: 'Org A' });
      const orgB = await runtime.services.organizations.bootstrap({ name: 'Org B' });
      bed = { runtime, orgA, orgB, request: (path, init) => requestApp(runtime, path, init) };
    });
    afterAll(() => cleanup());

    it('counts once, serves that count while fresh, then serves it while a recount runs', async () => {
      const counts = unindexedCounts(bed.runtime.store, options);
      await collectComments(bed, bed.orgA, ['Checkout is slow', 'Search finds nothing']);
      expect(await counts.get(scopeA(), embedder.model)).toBe(2);

      await collectComments(bed, bed.orgA, ['Dark mode please']);
      clock += FRESH_MS - 1;
      expect(await counts.get(scopeA(), embedder.model)).toBe(2);
      clock += 1;
      expect(await counts.get(scopeA(), embedder.model)).toBe(2);
      await counts.settled();
      expect(await counts.get(scopeA(), embedder.model)).toBe(3);

      // Vectors stored by another process show once the window has passed; this process says so at once.
      await bed.runtime.jobs.runUntilIdle();
      expect(await counts.get(scopeA(), embedder.model)).toBe(3);
      counts.forget(bed.orgA.organization.id);
      expect(await counts.get(scopeA(), embedder.model)).toBe(0);
    });

    it('raises a count a search saw to be too low, and recounts it', async () => {
      const counts = unindexedCounts(bed.runtime.store, options);
      expect(await counts.get(scopeA(), embedder.model)).toBe(0);
      expect(counts.atLeast(scopeA(), embedder.model, 0, 2)).toBe(2);
      expect(counts.atLeast(scopeA(), embedder.model, 2, 1)).toBe(2);
      // The next search still hears at least what the last one saw, while the recount runs.
      expect(await counts.get(scopeA(), embedder.model)).toBe(2);
      await counts.settled();
      expect(await counts.get(scopeA(), embedder.model)).toBe(0);
    });

    it('keeps each scope apart and drops the one counted longest ago past the bound', async () => {
      const counts = unindexedCounts(bed.runtime.store, { ...options, maxScopes: 2 });
      const scopeB = { orgId: bed.orgB.organization.id, brandId: null };
      expect(await counts.get(scopeA(), embedder.model)).toBe(0);
      await collectComments(bed, bed.orgA, ['Login loops back to the start']);
      await collectComments(bed, bed.orgB, ['Export to CSV fails']);
      expect(await counts.get(scopeB, embedder.model)).toBe(1);
      expect(await counts.get(scopeB, 'another-model')).toBe(1);
      // Org A's count was dropped for the third scope: counted afresh, not served from memory.
      expect(await counts.get(scopeA(), embedder.model)).toBe(1);
    });

    it("forgets one organization's counts and keeps the others'", async () => {
      const counts = unindexedCounts(bed.runtime.store, options);
      const scopeB = { orgId: bed.orgB.organization.id, brandId: null };
      expect(await counts.get(scopeA(), embedder.model)).toBe(1);
      expect(await counts.get(scopeB, embedder.model)).toBe(1);
      await bed.runtime.jobs.runUntilIdle();
      counts.forget(bed.orgA.organization.id);
      expect(await counts.get(scopeA(), embedder.model)).toBe(0);
      // Within the window: org B's vectors, as if stored by another process, show later.
      expect(await counts.get(scopeB, embedder.model)).toBe(1);
    });
  });
}
