import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { collectComments, errorPaths, expectJson, expectProblem } from '../../../test/support/api-assertions.js';
import { dialectsUnderTest, openTestRuntime, requestApp, type TestBed } from '../../../test/support/harness.js';
import { testEmbedder } from '../../../test/support/test-embedder.js';
import { usagePeriod } from '../../lib/time.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

interface Hit {
  feedback: { id: string; orgId: string; tags: string[] };
  similarity: number | null;
}

const QUERY = 'invoice charged twice';
const MODES = ['keyword', 'semantic', 'hybrid'] as const;

/** Search's `filters.tag`, in each mode (on SQLite the semantic side reads the sqlite-vec index). */
for (const dialect of dialectsUnderTest()) {
  describe(`search filtered by tag [${dialect}]`, () => {
    // 32 dimensions, a multiple of 8: SQLite's vector index has its bit column, so sqlite-vec answers.
    const embedder = testEmbedder('test-words', 32);
    let bed: TestBed;
    let cleanup: () => Promise<void>;
    const ids = { billingBug: '', billing: '', bug: '', none: '', orgB: '' };

    const searchPath = (org: BootstrappedOrganization) => `/organizations/${org.organization.id}/search`;
    async function tag(org: BootstrappedOrganization, id: string, tags: string[]) {
      const path = `/organizations/${org.organization.id}/feedback/${id}`;
      await expectJson(await bed.request(path, { method: 'PATCH', key: org.adminKey, json: { tags } }), 200);
    }
    async function search(body: Record<string, unknown>, org = bed.orgA): Promise<Hit[]> {
      const response = await bed.request(searchPath(org), {
        method: 'POST',
        key: org.adminKey,
        json: { query: QUERY, limit: 50, ...body },
      });
      return (await expectJson<{ data: Hit[] }>(response, 200)).data;
    }
    const idsOf = (hits: Hit[]) => hits.map((hit) => hit.feedback.id).sort();

    beforeAll(async () => {
      const opened = await openTestRuntime(dialect, {}, { embedder });
      cleanup = opened.cleanup;
      const { runtime } = opened;
      const orgA = await runtime.services.organizations.bootstrap({ name: 'Org A' });
      const orgB = await runtime.services.organizations.bootstrap({ name: 'Org B' });
      bed = { runtime, orgA, orgB, request: (path, init) => requestApp(runtime, path, init) };
      // Every comment holds the query's words: without the filter each mode finds them all.
      [ids.billingBug = '', ids.billing = '', ids.bug = '', ids.none = ''] = await collectComments(bed, orgA, [
        'My invoice was charged twice this month',
        'The invoice shows I was charged twice',
        'Charged twice for one invoice, the app also crashed',
        'Invoice charged twice again',
      ]);
      [ids.orgB = ''] = await collectComments(bed, orgB, ['Invoice charged twice, same as everyone']);
      await tag(orgA, ids.billingBug, ['billing', 'bug']);
      await tag(orgA, ids.billing, ['Billing']);
      await tag(orgA, ids.bug, ['bug']);
      // Another organization's item carries the same tags.
      await tag(orgB, ids.orgB, ['billing', 'bug']);
      await runtime.jobs.runUntilIdle();
    });
    afterAll(() => cleanup());

    it('searches by meaning with the index of the dialect, every item embedded', async () => {
      const { services, store } = bed.runtime;
      expect(services.search.vectorIndex).toBe(dialect === 'sqlite' ? 'sqlite-vec' : 'exact-scan');
      expect((await store.embeddings.embeddedAmong(Object.values(ids), embedder.model)).size).toBe(5);
      for (const mode of MODES) {
        expect(idsOf(await search({ mode })), mode).toEqual([ids.billingBug, ids.billing, ids.bug, ids.none].sort());
      }
    });

    it.each(MODES)('%s: keeps the items carrying every tag given, in any case', async (mode) => {
      const billing = await search({ mode, filters: { tag: [' BILLING'] } });
      expect(idsOf(billing)).toEqual([ids.billingBug, ids.billing].sort());
      expect(billing.every((hit) => hit.feedback.tags.includes('billing'))).toBe(true);
      expect(idsOf(await search({ mode, filters: { tag: ['billing', 'Bug'] } }))).toEqual([ids.billingBug]);
      expect(await search({ mode, filters: { tag: ['bug', 'nowhere'] } })).toEqual([]);
      if (mode !== 'keyword') {
        // Found by meaning, not by the words alone.
        expect(billing.every((hit) => typeof hit.similarity === 'number')).toBe(true);
      }
    });

    it.each(MODES)('%s: never returns another organization’s items carrying the tags', async (mode) => {
      const fromA = await search({ mode, filters: { tag: ['billing', 'bug'] } });
      expect(fromA.map((hit) => hit.feedback.orgId)).toEqual([bed.orgA.organization.id]);
      const fromB = await search({ mode, filters: { tag: ['billing', 'bug'] } }, bed.orgB);
      expect(idsOf(fromB)).toEqual([ids.orgB]);
    });

    it('refuses a tag longer than 32 characters with 400 naming it, and counts no search', async () => {
      const orgId = bed.orgA.organization.id;
      const before = (await bed.runtime.store.usage.read(orgId, usagePeriod())).searches;
      const response = await bed.request(searchPath(bed.orgA), {
        method: 'POST',
        key: bed.orgA.adminKey,
        json: { query: QUERY, filters: { tag: ['x'.repeat(33)] } },
      });
      expect(errorPaths(await expectProblem(response, 400, 'validation_failed'))).toEqual(['filters.tag.0']);
      expect((await bed.runtime.store.usage.read(orgId, usagePeriod())).searches).toBe(before);
    });
  });
}
