import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getRequestListener } from '@hono/node-server';
import { afterEach, expect, it, vi } from 'vitest';
import {
  createBrand,
  createInbox,
  createKey,
  expectHiddenFromOrgB,
  expectJson,
  expectProblem,
} from '../../../test/support/api.js';
import { type FeedbackItem, listAllFeedback } from '../../../test/support/api-assertions.js';
import { clearOfDayChange } from '../../../test/support/day-change.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { EXPORT_BATCH } from '../../services/file-export.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';
import type { NewFeedback } from '../../storage/repositories/feedback.js';

const HEADER = 'id,createdAt,inboxId,brandId,type,score,comment,source,status,issueLink,assigneeId,context,tags\r\n';
const decoder = () => new TextDecoder('utf-8', { ignoreBOM: true });

describeEachDatabase('Feedback export', (bed) => {
  afterEach(() => vi.restoreAllMocks());

  let organizations = 0;
  /** An organization of its own, so each test knows exactly what there is to export. */
  async function freshOrganization(): Promise<BootstrappedOrganization> {
    organizations += 1;
    return bed().runtime.services.organizations.bootstrap({ name: `Export ${organizations}` });
  }

  const exportPath = (org: BootstrappedOrganization, query: Record<string, string> = {}) =>
    `/organizations/${org.organization.id}/feedback/export?${new URLSearchParams(query)}`;

  async function collect(org: BootstrappedOrganization, item: Record<string, unknown>, inboxKey = org.inbox.inboxKey) {
    const response = await bed().request('/collect', {
      method: 'POST',
      key: org.collectKey,
      json: { inboxKey, type: 'text', ...item },
    });
    return (await expectJson<{ id: string }>(response, 201)).id;
  }

  const getItem = async (org: BootstrappedOrganization, id: string) =>
    expectJson<FeedbackItem>(
      await bed().request(`/organizations/${org.organization.id}/feedback/${id}`, { key: org.adminKey }),
      200,
    );

  /**
   * `count` items stored in one transaction, ids in creation order (the export lists the last
   * first), all older than any collected item (ids sort by time: `fb_00…` before `fb_01…`).
   */
  async function storeMany(org: BootstrappedOrganization, count: number): Promise<string[]> {
    const ids = Array.from({ length: count }, (_, n) => `fb_00x${organizations}_${String(n).padStart(6, '0')}`);
    const rows: NewFeedback[] = ids.map((id, n) => ({
      id,
      orgId: org.organization.id,
      inboxId: org.inbox.id,
      brandId: null,
      type: 'nps',
      score: n % 11,
      comment: `item ${n}, "quoted"`,
      context: { n },
      source: null,
      status: 'new',
      issueLink: null,
      assigneeId: null,
      idempotencyKey: null,
      createdAt: '2026-06-01T12:00:00.000Z',
      updatedAt: '2026-06-01T12:00:00.000Z',
    }));
    await bed().runtime.store.transaction((tx) => tx.feedback.insertMany(rows));
    return ids;
  }

  it('writes tricky cells safely: formulas neutralised, RFC 4180 quoting, Unicode and emoji intact, BOM first', async () => {
    await clearOfDayChange();
    const org = await freshOrganization();
    const comments = [
      '=HYPERLINK("http://evil.example","click")',
      '+1 great',
      '-2 bad',
      '@SUM(A1)',
      '\tindented',
      '\rreturn first',
      'a, b and "c"',
      'two\nlines',
      'Ünïcödé — 日本語 🎉👍🏽',
    ];
    const ids: string[] = [];
    for (const comment of comments) ids.push(await collect(org, { comment }));
    const scored = await collect(org, { type: 'nps', score: 9, context: { source: '=cmd|calc', page: '/a,b' } });
    const linked = await collect(org, { type: 'stars', score: 2, comment: 'linked' });
    await expectJson(
      await bed().request(`/organizations/${org.organization.id}/feedback/${linked}`, {
        method: 'PATCH',
        key: org.adminKey,
        json: {
          status: 'triaged',
          issueLink: { url: 'https://github.com/acme/app/issues/12' },
          tags: ['Billing', '=cmd, "x"'],
        },
      }),
      200,
    );

    const response = await bed().request(exportPath(org), { key: org.adminKey });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="feedback-${org.organization.slug}-${today}.csv"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = decoder().decode(bytes);
    const items = await Promise.all([...ids, scored, linked].map((id) => getItem(org, id)));
    const start = (item: FeedbackItem) => `${item.id},${item.createdAt},${org.inbox.id},`;
    const cells = [
      `"'=HYPERLINK(""http://evil.example"",""click"")"`,
      "'+1 great",
      "'-2 bad",
      "'@SUM(A1)",
      "'\tindented",
      `"'\rreturn first"`,
      '"a, b and ""c"""',
      '"two\nlines"',
      'Ünïcödé — 日本語 🎉👍🏽',
    ];
    const expectedRows = [
      ...cells.map((cell, n) => `${start(items[n] as FeedbackItem)},text,,${cell},,new,,,,\r\n`),
      // The context as stored: PostgreSQL's jsonb may order its keys differently.
      `${start(items[9] as FeedbackItem)},nps,9,,'=cmd|calc,new,,,"${JSON.stringify(items[9]?.context).replaceAll('"', '""')}",\r\n`,
      `${start(items[10] as FeedbackItem)},stars,2,linked,,triaged,https://github.com/acme/app/issues/12,,,"[""=cmd, \\""x\\"""",""billing""]"\r\n`,
    ];
    expect(text).toBe(`\uFEFF${HEADER}${expectedRows.reverse().join('')}`);
  });

  it('exports NDJSON lines equal to what GET …/feedback/{id} answers, newest first', async () => {
    const org = await freshOrganization();
    const ids = [
      await collect(org, { comment: 'first 🎉', context: { plan: 'pro', nested: { a: [1, 2] } } }),
      await collect(org, { type: 'csat', score: 5 }),
      await collect(org, { comment: 'line\nbreak "quoted"' }),
    ];
    const response = await bed().request(exportPath(org, { format: 'ndjson' }), { key: org.adminKey });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/filename="feedback-.+-\d{4}-\d{2}-\d{2}\.ndjson"$/);
    const text = await response.text();
    expect(text.endsWith('\n')).toBe(true);
    const lines = text.slice(0, -1).split('\n');
    expect(lines.map((line) => JSON.parse(line))).toEqual(
      await Promise.all([...ids].reverse().map((id) => getItem(org, id))),
    );
  });

  it('exports one valid JSON array with 0, 1 and many items across batches', async () => {
    const org = await freshOrganization();
    const json = async (query: Record<string, string> = {}) => {
      const response = await bed().request(exportPath(org, { format: 'json', ...query }), { key: org.adminKey });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      return JSON.parse(await response.text()) as FeedbackItem[];
    };
    expect(await json()).toEqual([]);
    const only = await collect(org, { comment: 'only one' });
    expect(await json()).toEqual([await getItem(org, only)]);

    const stored = await storeMany(org, EXPORT_BATCH * 2 + 7);
    const all = await json();
    expect(all).toHaveLength(stored.length + 1);
    expect(all.map((item) => item.id)).toEqual([only, ...[...stored].reverse()]);
    expect(all[1]).toEqual(await getItem(org, stored.at(-1) as string));
  });

  it('reads the first batch before answering, each next one only when the client has taken the last', async () => {
    const org = await freshOrganization();
    const stored = await storeMany(org, EXPORT_BATCH * 2 + 7);
    const list = vi.spyOn(bed().runtime.store.feedback, 'list');
    const response = await bed().request(exportPath(org), { key: org.adminKey });
    expect(list).toHaveBeenCalledTimes(1);
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const text = decoder();
    const header = await reader.read();
    expect(text.decode(header.value)).toBe(`\uFEFF${HEADER}`);
    expect(list).toHaveBeenCalledTimes(1);
    const records: string[] = [];
    for (let batch = 1; batch <= 3; batch += 1) {
      const read = await reader.read();
      expect(list).toHaveBeenCalledTimes(batch);
      records.push(...text.decode(read.value).split('\r\n').slice(0, -1));
    }
    expect((await reader.read()).done).toBe(true);
    expect(list).toHaveBeenCalledTimes(3);
    expect(records.map((record) => record.split(',')[0])).toEqual([...stored].reverse());
  });

  it('applies the list filters: the export holds exactly what the list shows', async () => {
    const org = await freshOrganization();
    const second = await createInbox(bed(), org, { name: 'second' });
    await collect(org, { type: 'nps', score: 3, comment: 'slow checkout', context: { source: 'widget' } });
    await collect(org, { type: 'nps', score: 10, comment: 'Fast Checkout', context: { source: 'api' } });
    await collect(org, { type: 'stars', score: 5, comment: 'nice' }, second.inboxKey);
    await collect(org, { comment: 'checkout broke' }, second.inboxKey);
    const queries: Record<string, string>[] = [
      { type: 'nps' },
      { scoreMin: '4' },
      { scoreMax: '4', type: 'nps' },
      { q: 'checkout' },
      { inboxId: second.id },
      { source: 'widget' },
      { status: 'new', type: 'stars' },
      { from: '2000-01-01', to: '2001-01-01' },
    ];
    for (const query of queries) {
      const listed = await listAllFeedback(bed(), org.organization.id, org.adminKey, query);
      const response = await bed().request(exportPath(org, { ...query, format: 'json' }), { key: org.adminKey });
      expect(JSON.parse(await response.text()), JSON.stringify(query)).toEqual(listed);
    }
    expect((await listAllFeedback(bed(), org.organization.id, org.adminKey, { q: 'checkout' })).length).toBe(3);
  });

  it('exports only the brand of a brand-scoped key, and nothing to another organization', async () => {
    const org = await freshOrganization();
    const brand = await createBrand(bed(), org, 'Mobile');
    const brandInbox = await createInbox(bed(), org, { name: 'mobile', brandId: brand.id });
    const inBrand = await collect(org, { comment: 'in the brand' }, brandInbox.inboxKey);
    await collect(org, { comment: 'outside the brand' });
    const brandKey = await createKey(bed(), org, { scopes: ['read'], brandId: brand.id as string });
    const response = await bed().request(exportPath(org, { format: 'ndjson' }), { key: brandKey.secret });
    const lines = (await response.text()).trimEnd().split('\n');
    expect(lines.map((line) => (JSON.parse(line) as FeedbackItem).id)).toEqual([inBrand]);

    await expectHiddenFromOrgB(bed(), { method: 'GET', path: exportPath(bed().orgA) });
    const collectOnly = await expectProblem(
      await bed().request(exportPath(org), { key: org.collectKey }),
      403,
      'insufficient_scope',
    );
    expect(collectOnly.requiredScope).toBe('read');
  });

  it.each<{ case: string; query: Record<string, string>; path: string }>([
    { case: 'an unknown format', query: { format: 'xlsx' }, path: 'format' },
    { case: 'a score that is not a number', query: { scoreMin: 'high' }, path: 'scoreMin' },
    { case: 'a date that is not one', query: { from: 'yesterday' }, path: 'from' },
  ])('refuses $case with 400 validation_failed', async ({ query, path }) => {
    const problem = await expectProblem(
      await bed().request(exportPath(bed().orgA, query), { key: bed().orgA.adminKey }),
      400,
      'validation_failed',
    );
    expect(problem.errors?.map((error) => error.path)).toEqual([path]);
  });

  it('answers a filter holding NUL with a problem naming it, not a file, on every database', async () => {
    const response = await bed().request(exportPath(bed().orgA, { source: 'a\u0000b' }), { key: bed().orgA.adminKey });
    const problem = await expectProblem(response, 400, 'validation_failed');
    expect(problem.errors).toEqual([{ path: 'source', message: 'Must not contain the NUL character (U+0000).' }]);
  });

  it('streams over real HTTP as chunked transfer, byte for byte what the app answers', async () => {
    const org = await freshOrganization();
    await storeMany(org, EXPORT_BATCH + 3);
    await collect(org, { comment: '=1+1, "quoted" 🎉' });
    const server = createServer(getRequestListener(bed().runtime.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      for (const format of ['csv', 'json', 'ndjson']) {
        const response = await fetch(`http://127.0.0.1:${port}${exportPath(org, { format })}`, {
          headers: { 'x-service-key': org.adminKey },
        });
        expect(response.status).toBe(200);
        expect(response.headers.get('transfer-encoding')).toBe('chunked');
        expect(response.headers.get('content-disposition')).toMatch(new RegExp(`\\.${format}"$`));
        const inProcess = await bed().request(exportPath(org, { format }), { key: org.adminKey });
        expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(await inProcess.arrayBuffer()));
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
