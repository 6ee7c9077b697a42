import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createBrand } from '../../../test/support/api.js';
import {
  type CreatedInbox,
  createApiKey,
  createInbox,
  errorPaths,
  expectJson,
  expectProblem,
  type FeedbackItem,
  listAllFeedback,
} from '../../../test/support/api-assertions.js';
import { type EventStreamReader, finiteBodyText, readEventStream } from '../../../test/support/event-stream.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

/** A well-formed brand id that names no brand. */
const UNKNOWN_BRAND = 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s';

describeEachDatabase('filtering feedback by brand (brandId)', (bed) => {
  const orgPath = (org: BootstrappedOrganization = bed().orgA) => `/organizations/${org.organization.id}`;
  const open: EventStreamReader[] = [];
  afterEach(async () => {
    for (const stream of open.splice(0)) await stream.close();
  });

  let brands: { one: string; two: string; orgB: string };
  let inboxes: { one: CreatedInbox; two: CreatedInbox; orgB: CreatedInbox };
  /** Ids by where they were sent, oldest first. */
  const sent = { one: [] as string[], two: [] as string[], unbranded: [] as string[], orgB: [] as string[] };
  /** A key of brand one (read, write). */
  let brandOneKey: string;

  async function submit(inbox: { inboxKey: string }, comment: string, org = bed().orgA): Promise<string> {
    const response = await bed().request('/collect', {
      method: 'POST',
      key: org.collectKey,
      json: { inboxKey: inbox.inboxKey, type: 'text', comment },
    });
    return (await expectJson<{ id: string }>(response, 201)).id;
  }

  const listIds = async (query: Record<string, string>, key = bed().orgA.adminKey, org = bed().orgA) =>
    (await listAllFeedback(bed(), org.organization.id, key, query)).map((item) => item.id);

  const newestFirst = (ids: string[]) => [...ids].reverse();

  beforeAll(async () => {
    const { orgA, orgB } = bed();
    brands = {
      one: (await createBrand(bed(), orgA, 'Brand one')).id,
      two: (await createBrand(bed(), orgA, 'Brand two')).id,
      orgB: (await createBrand(bed(), orgB, 'Brand of org B')).id,
    };
    inboxes = {
      one: await createInbox(bed(), orgA, { name: 'one', brandId: brands.one }),
      two: await createInbox(bed(), orgA, { name: 'two', brandId: brands.two }),
      orgB: await createInbox(bed(), orgB, { name: 'b', brandId: brands.orgB }),
    };
    // Interleaved, so a filter that ignored the brand (or kept the wrong one) shows.
    for (let round = 0; round < 3; round++) {
      sent.one.push(await submit(inboxes.one, `one checkout ${round}`));
      sent.two.push(await submit(inboxes.two, `two checkout ${round}`));
      sent.unbranded.push(await submit(orgA.inbox, `unbranded checkout ${round}`));
      sent.orgB.push(await submit(inboxes.orgB, `org b checkout ${round}`, orgB));
    }
    brandOneKey = (
      await createApiKey(bed(), orgA, { name: 'brand one', scopes: ['read', 'write'], brandId: brands.one })
    ).secret;
  });

  describe('the list', () => {
    it("keeps only the brand's items, newest first", async () => {
      expect(await listIds({ brandId: brands.one })).toEqual(newestFirst(sent.one));
      expect(await listIds({ brandId: brands.two })).toEqual(newestFirst(sent.two));
    });

    it('pages through a brand by cursor without losing or repeating an item', async () => {
      const seen: string[] = [];
      let cursor: string | null = null;
      do {
        const query = new URLSearchParams({ brandId: brands.one, limit: '2', ...(cursor && { cursor }) });
        const page: { data: FeedbackItem[]; nextCursor: string | null } = await expectJson(
          await bed().request(`${orgPath()}/feedback?${query}`, { key: bed().orgA.adminKey }),
          200,
        );
        expect(page.data.length).toBeLessThanOrEqual(2);
        seen.push(...page.data.map((item) => item.id));
        cursor = page.nextCursor;
      } while (cursor);
      expect(seen).toEqual(newestFirst(sent.one));
    });

    it('combines with the other filters', async () => {
      expect(await listIds({ brandId: brands.one, inboxId: inboxes.two.id })).toEqual([]);
      expect(await listIds({ brandId: brands.two, q: 'checkout 1' })).toEqual([sent.two[1]]);
    });

    it('gives a brand-scoped key its own brand, and nothing of another brand (never more than its scope)', async () => {
      expect(await listIds({ brandId: brands.one }, brandOneKey)).toEqual(newestFirst(sent.one));
      expect(await listIds({ brandId: brands.two }, brandOneKey)).toEqual([]);
      expect(await listIds({ brandId: UNKNOWN_BRAND }, brandOneKey)).toEqual([]);
    });

    it("finds nothing for another organization's brand, and never that organization's items", async () => {
      expect(await listIds({ brandId: brands.orgB })).toEqual([]);
      // Org B's own admin sees them: the filter, not the data, was empty.
      expect(await listIds({ brandId: brands.orgB }, bed().orgB.adminKey, bed().orgB)).toEqual(newestFirst(sent.orgB));
    });

    it('finds nothing for a well-formed id that names no brand', async () => {
      expect(await listIds({ brandId: UNKNOWN_BRAND })).toEqual([]);
    });
  });

  describe('a bad brand id is a 400 naming brandId', () => {
    it.each([
      ['an inbox id', 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s'],
      ['an empty value', ''],
      ['free text', 'Brand one'],
      ['a brand id with a wrong letter', 'brd_01jd3x2k9v6c4h8m2n5p7q1r3u'],
    ])('on the list, stats, stream, export, trends and themes: %s', async (_label, brandId) => {
      for (const operation of ['', '/stats', '/stream', '/export', '/trends', '/themes']) {
        const response = await bed().request(`${orgPath()}/feedback${operation}?${new URLSearchParams({ brandId })}`, {
          key: bed().orgA.adminKey,
        });
        const problem = await expectProblem(response, 400, 'validation_failed');
        expect(errorPaths(problem), operation).toEqual(['brandId']);
      }
    });

    it('in a search and in a saved view, which is then not saved', async () => {
      const search = await bed().request(`${orgPath()}/search`, {
        method: 'POST',
        key: bed().orgA.adminKey,
        json: { query: 'checkout', mode: 'keyword', filters: { brandId: 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s' } },
      });
      expect(errorPaths(await expectProblem(search, 400, 'validation_failed'))).toEqual(['filters.brandId']);

      const view = await bed().request(`${orgPath()}/views`, {
        method: 'POST',
        key: bed().orgA.adminKey,
        json: { name: 'Bad brand view', filters: { brandId: 'nope' } },
      });
      expect(errorPaths(await expectProblem(view, 400, 'validation_failed'))).toEqual(['filters.brandId']);
      const views = await expectJson<{ data: { name: string }[] }>(
        await bed().request(`${orgPath()}/views?limit=100`, { key: bed().orgA.adminKey }),
        200,
      );
      expect(views.data.map((saved) => saved.name)).not.toContain('Bad brand view');
    });
  });

  describe('every reading of the list follows it', () => {
    it('stats count the brand only', async () => {
      const stats = await expectJson<{ total: number; byInbox: { inboxId: string }[] }>(
        await bed().request(`${orgPath()}/feedback/stats?brandId=${brands.two}`, { key: bed().orgA.adminKey }),
        200,
      );
      expect(stats.total).toBe(sent.two.length);
      expect(stats.byInbox.map((row) => row.inboxId)).toEqual([inboxes.two.id]);
      const scoped = await expectJson<{ total: number }>(
        await bed().request(`${orgPath()}/feedback/stats?brandId=${brands.two}`, { key: brandOneKey }),
        200,
      );
      expect(scoped.total).toBe(0);
    });

    it('the export holds the brand only', async () => {
      const exportIds = async (key: string, brandId: string) => {
        const response = await bed().request(`${orgPath()}/feedback/export?format=ndjson&brandId=${brandId}`, { key });
        expect(response.status).toBe(200);
        const text = await finiteBodyText(response);
        return text
          .split('\n')
          .filter((line) => line !== '')
          .map((line) => (JSON.parse(line) as { id: string }).id);
      };
      expect(await exportIds(bed().orgA.adminKey, brands.one)).toEqual(newestFirst(sent.one));
      expect(await exportIds(brandOneKey, brands.two)).toEqual([]);
    });

    it('trends count the brand only (from the daily counts)', async () => {
      const trends = await expectJson<{ series: { total: number }[] }>(
        await bed().request(`${orgPath()}/feedback/trends?brandId=${brands.one}`, { key: bed().orgA.adminKey }),
        200,
      );
      expect(trends.series.map((series) => series.total)).toEqual([sent.one.length]);
      const scoped = await expectJson<{ series: { total: number }[] }>(
        await bed().request(`${orgPath()}/feedback/trends?brandId=${brands.two}`, { key: brandOneKey }),
        200,
      );
      expect(scoped.series.map((series) => series.total)).toEqual([0]);
    });

    it('a keyword search finds the brand only', async () => {
      const search = async (key: string, brandId: string) => {
        const response = await bed().request(`${orgPath()}/search`, {
          method: 'POST',
          key,
          json: { query: 'checkout', mode: 'keyword', limit: 50, filters: { brandId } },
        });
        const { data } = await expectJson<{ data: { feedback: { id: string } }[] }>(response, 200);
        return data.map((hit) => hit.feedback.id).sort();
      };
      expect(await search(bed().orgA.adminKey, brands.two)).toEqual([...sent.two].sort());
      expect(await search(brandOneKey, brands.two)).toEqual([]);
    });

    it('the live stream sends the brand only', async () => {
      const response = await bed().request(`${orgPath()}/feedback/stream?brandId=${brands.two}`, {
        key: bed().orgA.adminKey,
      });
      expect(response.status).toBe(200);
      const stream = readEventStream(response);
      open.push(stream);
      await stream.retry();
      await submit(inboxes.one, 'one, live');
      await submit(bed().orgA.inbox, 'unbranded, live');
      const wanted = await submit(inboxes.two, 'two, live');
      const event = await stream.next();
      expect(event.event).toBe('feedback.created');
      expect((JSON.parse(event.data) as FeedbackItem).id).toBe(wanted);
    });

    it('a saved view keeps it', async () => {
      const created = await expectJson<{ id: string; filters: Record<string, unknown> }>(
        await bed().request(`${orgPath()}/views`, {
          method: 'POST',
          key: bed().orgA.adminKey,
          json: { name: 'Brand two, new', filters: { brandId: brands.two, status: 'new' } },
        }),
        201,
      );
      const read = await expectJson<{ filters: Record<string, unknown> }>(
        await bed().request(`${orgPath()}/views/${created.id}`, { key: bed().orgA.adminKey }),
        200,
      );
      expect(read.filters).toEqual({ brandId: brands.two, status: 'new' });
    });
  });
});
