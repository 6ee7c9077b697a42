import { beforeAll, describe, expect, it } from 'vitest';
import { createApiKey, createInbox, expectJson, expectProblem } from '../../../test/support/api-assertions.js';
import { clearOfDayChange } from '../../../test/support/day-change.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { makeRetriesDue, retriesOf } from '../../../test/support/outbox.js';
import { embedFeedbackHandler } from '../../jobs/embed-feedback.js';
import { JobRunner } from '../../jobs/job-runner.js';
import { usagePeriod } from '../../lib/time.js';
import type { Embedder } from '../../search/embedder.js';
import { exactScanIndex, sqliteVecIndex } from '../../search/vector-index.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

interface Hit {
  feedback: { id: string; orgId: string; brandId: string | null; inboxId: string; comment: string | null };
  score: number;
  similarity: number | null;
}

/** A small labelled set: each query paraphrases its target and shares few words with it. */
const FEEDBACK = {
  photo: 'The app crashes every time I upload a photo',
  billing: 'I was charged twice for my subscription this month',
  darkMode: 'Please add a dark mode, the white screen hurts my eyes at night',
  password: 'The password reset email never arrives',
  checkout: 'Checkout page takes forever to load on mobile',
  export: 'Error ERR_42 when I try to export my data to CSV',
  praise: 'Love the new dashboard, great work team!',
  notifications: 'Notifications keep buzzing all day, way too many alerts',
  cancel: "Can't find where to cancel my plan",
  support: 'Support never answered my ticket for a week',
  translation: 'The German translation is full of mistakes',
} as const;
type Topic = keyof typeof FEEDBACK;

const PARAPHRASES: [string, Topic][] = [
  ['app freezes when I attach a picture', 'photo'],
  ['I got billed double', 'billing'],
  ['a night theme with darker colours', 'darkMode'],
  ['I do not receive the message to change my login', 'password'],
  ['paying is really slow on my phone', 'checkout'],
  ['my phone will not stop pinging me', 'notifications'],
  ['how do I unsubscribe', 'cancel'],
  ['customer service ignored my request', 'support'],
  ['wrong words in the localized version', 'translation'],
];

describeEachDatabase(
  'search API',
  (bed, dialect) => {
    const ids = {} as Record<Topic, string>;
    let brandInbox: { id: string; inboxKey: string };
    let brandKey: string;
    let brandItem: string;
    let orgBPhoto: string;
    const searchPath = (org: BootstrappedOrganization = bed().orgA) => `/organizations/${org.organization.id}/search`;

    async function collect(inboxKey: string, comment: string, key = bed().orgA.collectKey, type = 'text') {
      const response = await bed().request('/collect', {
        method: 'POST',
        key,
        json: { inboxKey, type, comment, ...(type === 'stars' && { score: 2 }) },
      });
      return (await expectJson<{ id: string }>(response, 201)).id;
    }

    async function search(body: unknown, key = bed().orgA.adminKey, org = bed().orgA): Promise<Hit[]> {
      const response = await bed().request(searchPath(org), { method: 'POST', key, json: body });
      return (await expectJson<{ data: Hit[] }>(response, 200)).data;
    }

    beforeAll(async () => {
      const { orgA, orgB } = bed();
      for (const [topic, comment] of Object.entries(FEEDBACK)) {
        ids[topic as Topic] = await collect(orgA.inbox.inboxKey, comment);
      }
      const brand = await expectJson<{ id: string }>(
        await bed().request(`/organizations/${orgA.organization.id}/brands`, {
          method: 'POST',
          key: orgA.adminKey,
          json: { name: 'Mobile' },
        }),
        201,
      );
      brandInbox = await createInbox(bed(), orgA, { name: 'mobile app', brandId: brand.id });
      brandKey = (await createApiKey(bed(), orgA, { scopes: ['read'], brandId: brand.id })).secret;
      brandItem = await collect(
        brandInbox.inboxKey,
        'Uploading pictures from the gallery makes the app crash',
        orgA.collectKey,
        'stars',
      );
      orgBPhoto = await collect(orgB.inbox.inboxKey, 'App crashes when I attach a picture', orgB.collectKey);
      await bed().runtime.jobs.runUntilIdle();
    });

    it('embeds new feedback from the outbox, with the vector index of the dialect', async () => {
      const { store, embedder } = bed().runtime;
      const stored = await store.embeddings.embeddedAmong(
        [...Object.values(ids), brandItem, orgBPhoto],
        embedder?.model ?? '',
      );
      expect(stored.size).toBe(Object.keys(FEEDBACK).length + 2);
      expect(bed().runtime.services.search.vectorIndex).toBe(dialect === 'sqlite' ? 'sqlite-vec' : 'exact-scan');
    });

    it.each(PARAPHRASES)('"%s" finds its target (%s) in the top 3', async (query, topic) => {
      const hits = await search({ query, limit: 3 });
      expect(hits.map((hit) => hit.feedback.id)).toContain(ids[topic]);
    });

    it('finds exact codes by their words first', async () => {
      const [first] = await search({ query: 'ERR_42' });
      expect(first?.feedback.id).toBe(ids.export);
    });

    it('ranks by meaning alone or by the words alone when asked (mode)', async () => {
      const paraphrase = 'I got billed double'; // no word in common with its target
      const semantic = await search({ query: paraphrase, limit: 3, mode: 'semantic' });
      expect(semantic.map((hit) => hit.feedback.id)).toContain(ids.billing);
      expect(semantic.every((hit) => typeof hit.similarity === 'number')).toBe(true);
      expect(await search({ query: paraphrase, mode: 'keyword' })).toEqual([]);
      const exact = await search({ query: 'ERR_42', mode: 'keyword' });
      expect(exact.map((hit) => [hit.feedback.id, hit.similarity])).toEqual([[ids.export, null]]);
      const hybrid = await search({ query: 'ERR_42', mode: 'hybrid' });
      expect(hybrid[0]?.feedback.id).toBe(ids.export);
      expect(hybrid.length).toBeGreaterThan(1);
    });

    it('scores from 0 to 1, most relevant first, with the similarity of the comment', async () => {
      const hits = await search({ query: 'app freezes when I attach a picture', limit: 10 });
      expect(hits.length).toBeGreaterThan(0);
      const scores = hits.map((hit) => hit.score);
      expect([...scores].sort((a, b) => b - a)).toEqual(scores);
      for (const hit of hits) {
        expect(hit.score).toBeGreaterThan(0);
        expect(hit.score).toBeLessThanOrEqual(1);
      }
      expect(hits[0]?.similarity).toEqual(expect.any(Number));
    });

    it('applies the list filters', async () => {
      const query = 'app crashes with pictures';
      const inMainInbox = await search({ query, filters: { inboxId: bed().orgA.inbox.id } });
      expect(inMainInbox.every((hit) => hit.feedback.inboxId === bed().orgA.inbox.id)).toBe(true);
      expect(inMainInbox.map((hit) => hit.feedback.id)).toContain(ids.photo);
      const stars = await search({ query, filters: { type: 'stars', scoreMax: 3 } });
      expect(stars.map((hit) => hit.feedback.id)).toEqual([brandItem]);
      expect(await search({ query, filters: { from: '2999-01-01' } })).toEqual([]);
    });

    it('rejects invalid filters with 400', async () => {
      const response = await bed().request(searchPath(), {
        method: 'POST',
        key: bed().orgA.adminKey,
        json: { query: 'x', filters: { from: 'yesterday' } },
      });
      expect((await expectProblem(response, 400, 'validation_failed')).errors).toEqual([
        {
          path: 'filters.from',
          message: 'Expected an ISO-8601 date (2026-11-01) or date-time with offset (2026-11-01T09:30:00Z).',
        },
      ]);
      await expectProblem(
        await bed().request(searchPath(), { method: 'POST', key: bed().orgA.adminKey, json: { query: '  ' } }),
        400,
        'validation_failed',
      );
      const badMode = await expectProblem(
        await bed().request(searchPath(), {
          method: 'POST',
          key: bed().orgA.adminKey,
          json: { query: 'photo', mode: 'fuzzy' },
        }),
        400,
        'validation_failed',
      );
      expect(badMode.errors).toEqual([expect.objectContaining({ path: 'mode' })]);
      const reversed = await expectProblem(
        await bed().request(searchPath(), {
          method: 'POST',
          key: bed().orgA.adminKey,
          json: { query: 'photo', filters: { scoreMin: 5, scoreMax: 3 } },
        }),
        400,
        'validation_failed',
      );
      expect(reversed.errors).toEqual([{ path: 'filters.scoreMax', message: 'Must be at least the lowest score.' }]);
    });

    it('shows a brand-scoped key its brand only', async () => {
      const hits = await search({ query: 'app crashes with pictures' }, brandKey);
      expect(hits.map((hit) => hit.feedback.id)).toEqual([brandItem]);
    });

    it('never returns another organization’s feedback', async () => {
      const hits = await search({ query: 'App crashes when I attach a picture', limit: 50 });
      expect(hits.length).toBeGreaterThan(0);
      expect(hits.every((hit) => hit.feedback.orgId === bed().orgA.organization.id)).toBe(true);
      const fromB = await search({ query: 'app crashes photo upload', limit: 50 }, bed().orgB.adminKey, bed().orgB);
      expect(fromB.map((hit) => hit.feedback.id)).toEqual([orgBPhoto]);
      const response = await bed().request(searchPath(), {
        method: 'POST',
        key: bed().orgB.adminKey,
        json: { query: 'photo' },
      });
      await expectProblem(response, 404, 'not_found');
    });

    it('requires the read scope', async () => {
      const response = await bed().request(searchPath(), {
        method: 'POST',
        key: bed().orgA.collectKey,
        json: { query: 'photo' },
      });
      await expectProblem(response, 403, 'insufficient_scope');
    });

    it('counts searches and answers 429 once the monthly allowance is spent', async () => {
      await clearOfDayChange();
      const { store } = bed().runtime;
      const orgId = bed().orgB.organization.id;
      const before = await store.usage.read(orgId, usagePeriod());
      await search({ query: 'anything at all' }, bed().orgB.adminKey, bed().orgB);
      expect((await store.usage.read(orgId, usagePeriod())).searches).toBe(before.searches + 1);

      await bed().runtime.services.organizations.setPlan(orgId, 'starter');
      const used = (await store.usage.read(orgId, usagePeriod())).searches;
      await store.usage.increment(orgId, usagePeriod(), 'searches', 1000 - used);
      const response = await bed().request(searchPath(bed().orgB), {
        method: 'POST',
        key: bed().orgB.adminKey,
        json: { query: 'photo' },
      });
      const problem = await expectProblem(response, 429, 'search_limit_reached');
      expect(problem).toMatchObject({ limit: 1000, plan: 'starter', resetAt: expect.any(String) });
      expect(response.headers.get('retry-after')).toMatch(/^\d+$/);
    });

    describe('GET /organizations/:orgId/feedback/:id/similar', () => {
      const similarPath = (id: string, org = bed().orgA) =>
        `/organizations/${org.organization.id}/feedback/${id}/similar`;

      it('lists the nearest other feedback of the organization, the near-duplicate first', async () => {
        const body = await expectJson<{ data: Hit[] }>(
          await bed().request(`${similarPath(ids.photo)}?limit=5`, { key: bed().orgA.adminKey }),
          200,
        );
        const found = body.data.map((hit) => hit.feedback.id);
        expect(found[0]).toBe(brandItem);
        expect(found).not.toContain(ids.photo);
        expect(found).not.toContain(orgBPhoto);
        expect(found).toHaveLength(5);
      });

      it('respects brand scope and tenancy', async () => {
        await expectProblem(await bed().request(similarPath(ids.photo), { key: brandKey }), 404, 'not_found');
        const body = await expectJson<{ data: Hit[] }>(
          await bed().request(similarPath(brandItem), { key: brandKey }),
          200,
        );
        expect(body.data).toEqual([]);
        await expectProblem(
          await bed().request(similarPath(ids.photo, bed().orgB), { key: bed().orgB.adminKey }),
          404,
          'not_found',
        );
      });
    });

    it('the exact scan and the index in use agree on the order', async () => {
      const { store, embedder } = bed().runtime;
      if (!embedder) throw new Error('search is on in this suite');
      const exact = exactScanIndex(store.embeddings);
      for (const [query] of PARAPHRASES) {
        const [vector] = await embedder.embed([query]);
        if (!vector) throw new Error('no vector');
        const nearest = {
          scope: { orgId: bed().orgA.organization.id, brandId: null },
          filters: {},
          model: embedder.model,
          vector,
          limit: 8,
        };
        const expected = await exact.nearest(nearest);
        expect(expected).toHaveLength(8);
        if (dialect !== 'sqlite') continue;
        const fromVec = await sqliteVecIndex(store.embeddings).nearest(nearest);
        expect(fromVec.map((match) => match.feedbackId)).toEqual(expected.map((match) => match.feedbackId));
        fromVec.forEach((match, index) => {
          expect(match.similarity).toBeCloseTo(expected[index]?.similarity ?? Number.NaN, 5);
        });
      }
    });

    it('retries a failed embedding job and embeds each item once', async () => {
      const { store, embedder } = bed().runtime;
      if (!embedder) throw new Error('search is on in this suite');
      let calls = 0;
      const flaky: Embedder = {
        model: embedder.model,
        async embed(texts) {
          calls++;
          if (calls === 1) throw new Error('model not ready');
          return embedder.embed(texts);
        },
        close: async () => {},
      };
      const runner = new JobRunner({ store, handlers: { 'feedback.created': [embedFeedbackHandler(store, flaky)] } });
      const id = await collect(bed().orgA.inbox.inboxKey, 'Sync between my laptop and tablet loses edits');
      expect(await runner.runUntilIdle()).toBe(1);
      expect(await store.embeddings.find(id, embedder.model)).toBeUndefined();
      const failed = (await retriesOf(bed().runtime.database.db)).filter((retry) => retry.payload.includes(id));
      expect(failed).toEqual([
        expect.objectContaining({
          type: 'feedback.created',
          attempts: 1,
          last_error: expect.stringContaining('model not ready'),
        }),
      ]);

      await makeRetriesDue(bed().runtime.database.db);
      expect(await runner.runUntilIdle()).toBe(1);
      expect(await store.embeddings.find(id, embedder.model)).toBeDefined();
      expect(calls).toBe(2);

      // Delivered again (at-least-once): nothing to do.
      await embedFeedbackHandler(
        store,
        flaky,
      )({
        seq: 0,
        id: 'evt_x',
        orgId: bed().orgA.organization.id,
        type: 'feedback.created',
        data: { id, comment: 'x' },
        createdAt: '',
        attempts: 1,
      });
      expect(calls).toBe(2);
      const hits = await search({ query: 'my edits disappear when switching devices', limit: 3 });
      expect(hits.map((hit) => hit.feedback.id)).toContain(id);
    });
  },
  { search: { embedder: 'local', idleMs: 0 } },
);
