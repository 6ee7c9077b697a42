import { beforeAll, describe, expect, it } from 'vitest';
import { createBrand } from '../../../test/support/api.js';
import {
  createApiKey,
  createInbox,
  errorPaths,
  expectJson,
  expectProblem,
  type FeedbackItem,
  listAllFeedback,
} from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

/** `?tag=` on the feedback list (with the other filters, pagination and saved views) and `GET …/tags`. */
describeEachDatabase('filtering feedback by tag, and the tags of an organization', (bed) => {
  const orgA = () => bed().orgA;
  const orgId = () => orgA().organization.id;
  /** The ids of each kind of item of org A, newest first. */
  const sent = { billing: [] as string[], billingBug: [] as string[], bug: [] as string[], none: [] as string[] };
  let branded: { key: string; billingBug: string };

  async function item(org: BootstrappedOrganization, inboxKey: string, tags: string[], type = 'text') {
    const response = await bed().request('/collect', {
      method: 'POST',
      key: org.collectKey,
      json: { inboxKey, type, ...(type === 'text' ? { comment: `tagged ${tags.join(',')}` } : { score: 5 }) },
    });
    const { id } = await expectJson<{ id: string }>(response, 201);
    if (tags.length > 0) {
      const path = `/organizations/${org.organization.id}/feedback/${id}`;
      await expectJson(await bed().request(path, { method: 'PATCH', key: org.adminKey, json: { tags } }), 200);
    }
    return id;
  }
  const list = (query: string, key = orgA().adminKey) =>
    bed().request(`/organizations/${orgId()}/feedback?${query}`, { key });
  const idsOf = async (query: string, key?: string) =>
    (await expectJson<{ data: FeedbackItem[] }>(await list(query, key), 200)).data.map((feedback) => feedback.id);
  const tags = async (key = orgA().adminKey, org = orgId()) =>
    (
      await expectJson<{ data: { tag: string; count: number }[] }>(
        await bed().request(`/organizations/${org}/tags`, { key }),
        200,
      )
    ).data;

  beforeAll(async () => {
    const inboxKey = orgA().inbox.inboxKey;
    // Interleaved, so a filter that kept the wrong items, or lost some across pages, shows.
    for (let round = 0; round < 3; round++) {
      sent.billing.unshift(await item(orgA(), inboxKey, ['Billing']));
      sent.billingBug.unshift(await item(orgA(), inboxKey, ['bug', 'billing']));
      sent.bug.unshift(await item(orgA(), inboxKey, ['bug']));
      sent.none.unshift(await item(orgA(), inboxKey, []));
    }
    // Another organization's items carry the same tag, and one of its own.
    const orgB = bed().orgB;
    await item(orgB, orgB.inbox.inboxKey, ['billing', 'secret of b']);
    await item(orgB, orgB.inbox.inboxKey, ['billing']);
    // A brand of org A, with an item of its own.
    const brand = await createBrand(bed(), orgA(), 'Tag brand');
    const inbox = await createInbox(bed(), orgA(), { name: 'tag brand inbox', brandId: brand.id });
    const key = (await createApiKey(bed(), orgA(), { scopes: ['read'], brandId: brand.id })).secret;
    branded = { key, billingBug: await item(orgA(), inbox.inboxKey, ['billing', 'brand only']) };
  });

  const newestFirst = (...groups: string[][]) => groups.flat().sort().reverse();

  describe('GET …/feedback?tag=', () => {
    it('keeps the items carrying the tag, newest first, whatever the case of the query', async () => {
      const billing = newestFirst(sent.billing, sent.billingBug, [branded.billingBug]);
      expect(await idsOf('tag=billing')).toEqual(billing);
      expect(await idsOf('tag=%20BILLING%20')).toEqual(billing);
    });

    it('keeps, for several tags, the items carrying every one', async () => {
      expect(await idsOf('tag=billing&tag=bug')).toEqual(newestFirst(sent.billingBug));
      expect(await idsOf('tag=bug&tag=nowhere')).toEqual([]);
    });

    it('combines with the other filters', async () => {
      const [first] = sent.bug as [string];
      const path = `/organizations/${orgId()}/feedback/${first}`;
      await expectJson(
        await bed().request(path, { method: 'PATCH', key: orgA().adminKey, json: { status: 'resolved' } }),
        200,
      );
      expect(await idsOf('tag=bug&status=resolved')).toEqual([first]);
      expect(await idsOf(`tag=billing&inboxId=${orgA().inbox.id}`)).toEqual(newestFirst(sent.billing, sent.billingBug));
    });

    it('pages through the tagged items only, each once', async () => {
      const all = await listAllFeedback(bed(), orgId(), orgA().adminKey, { tag: 'bug' });
      expect(all.map((feedback) => feedback.id)).toEqual(newestFirst(sent.bug, sent.billingBug));
      const pages: string[][] = [];
      let cursor: string | null = null;
      do {
        const page: { data: FeedbackItem[]; nextCursor: string | null } = await expectJson(
          await list(`tag=bug&limit=4${cursor ? `&cursor=${cursor}` : ''}`),
          200,
        );
        pages.push(page.data.map((feedback) => feedback.id));
        expect(page.data.every((feedback) => feedback.tags.includes('bug'))).toBe(true);
        cursor = page.nextCursor;
      } while (cursor);
      expect(pages.map((page) => page.length)).toEqual([4, 2]);
      expect(pages.flat()).toEqual(newestFirst(sent.bug, sent.billingBug));
    });

    it("never finds another organization's items, and a brand key finds its brand's only", async () => {
      expect(await idsOf('tag=secret%20of%20b')).toEqual([]);
      expect(await idsOf('tag=billing', branded.key)).toEqual([branded.billingBug]);
    });

    it('stats and trends follow the filter too', async () => {
      const stats = await expectJson<{ total: number }>(
        await bed().request(`/organizations/${orgId()}/feedback/stats?tag=billing&tag=bug`, { key: orgA().adminKey }),
        200,
      );
      expect(stats.total).toBe(sent.billingBug.length);
      // Trends read the daily counts, which hold no tags: a tag filter reads the items instead.
      const trends = await expectJson<{ series: { total: number }[] }>(
        await bed().request(`/organizations/${orgId()}/feedback/trends?interval=month&tag=billing&tag=bug`, {
          key: orgA().adminKey,
        }),
        200,
      );
      expect(trends.series.map((series) => series.total)).toEqual([sent.billingBug.length]);
    });

    it.each([
      ['an empty tag', 'tag=', 'tag.0'],
      ['a tag of 33 characters', `tag=${'x'.repeat(33)}`, 'tag.0'],
      ['eleven tags', Array.from({ length: 11 }, (_, index) => `tag=t${index}`).join('&'), 'tag'],
    ])('refuses %s with 400 naming the parameter', async (_case, query, path) => {
      const problem = await expectProblem(await list(query), 400, 'validation_failed');
      expect(errorPaths(problem)).toEqual([path]);
    });
  });

  it('the export takes the filter, and its items carry their tags', async () => {
    const response = await bed().request(
      `/organizations/${orgId()}/feedback/export?format=ndjson&tag=billing&tag=bug`,
      { key: orgA().adminKey },
    );
    expect(response.status).toBe(200);
    const lines = (await response.text())
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as FeedbackItem);
    expect(lines.map((feedback) => feedback.id)).toEqual(newestFirst(sent.billingBug));
    expect(lines.every((feedback) => feedback.tags.join() === 'billing,bug')).toBe(true);
  });

  it('a saved view keeps the tags and gives them back', async () => {
    const views = `/organizations/${orgId()}/views`;
    const created = await expectJson<{ id: string; filters: Record<string, unknown> }>(
      await bed().request(views, {
        method: 'POST',
        key: orgA().adminKey,
        json: { name: 'Billing bugs', filters: { tag: ['Billing', 'bug'], status: 'new' } },
      }),
      201,
    );
    expect(created.filters).toEqual({ tag: ['billing', 'bug'], status: 'new' });
    const read = await expectJson<{ filters: Record<string, unknown> }>(
      await bed().request(`${views}/${created.id}`, { key: orgA().adminKey }),
      200,
    );
    expect(read.filters).toEqual({ tag: ['billing', 'bug'], status: 'new' });
  });

  describe('GET …/tags', () => {
    it("counts the organization's tags, most used first, then by name", async () => {
      expect(await tags()).toEqual([
        { tag: 'billing', count: 7 },
        { tag: 'bug', count: 6 },
        { tag: 'brand only', count: 1 },
      ]);
    });

    it("never counts another organization's tags", async () => {
      expect(await tags(bed().orgB.adminKey, bed().orgB.organization.id)).toEqual([
        { tag: 'billing', count: 2 },
        { tag: 'secret of b', count: 1 },
      ]);
      await expectProblem(
        await bed().request(`/organizations/${orgId()}/tags`, { key: bed().orgB.adminKey }),
        404,
        'not_found',
      );
    });

    it("shows a brand-scoped key its brand's items' tags only", async () => {
      expect(await tags(branded.key)).toEqual([
        { tag: 'billing', count: 1 },
        { tag: 'brand only', count: 1 },
      ]);
    });

    it('requires the read scope', async () => {
      await expectProblem(
        await bed().request(`/organizations/${orgId()}/tags`, { key: orgA().collectKey }),
        403,
        'insufficient_scope',
      );
    });
  });
});
