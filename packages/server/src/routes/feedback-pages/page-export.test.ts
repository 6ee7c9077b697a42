import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Question } from '@hearback/forms';
import { getRequestListener } from '@hono/node-server';
import { expect, it } from 'vitest';
import { createBrand, createKey, expectHiddenFromOrgB, expectJson, expectProblem } from '../../../test/support/api.js';
import { clearOfDayChange } from '../../../test/support/day-change.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { publishedPage, storeResponse } from '../../../test/support/pages.js';
import { EXPORT_BATCH } from '../../services/file-export.js';

const QUESTIONS = [
  { id: 'intro', type: 'section_header', title: 'Intro' },
  { id: 'nps', type: 'nps', title: 'Recommend us, "honestly"?' },
  {
    id: 'picks',
    type: 'multiple_choice',
    title: 'Picks',
    options: [
      { value: 'a', label: 'A' },
      { value: 'b', label: 'B' },
    ],
  },
  { id: 'note', type: 'long_text', title: 'Note' },
] satisfies Question[];

describeEachDatabase('Page response export', (bed) => {
  const orgA = () => bed().orgA;
  const pagePath = (pageId: string) => `/organizations/${orgA().organization.id}/feedback-pages/${pageId}`;
  const exportPath = (pageId: string, query = '') => `${pagePath(pageId)}/responses/export${query}`;

  let pages = 0;
  /** A page and three responses, ids `resp_<n>_01` to `_03` (ids are unique across pages). */
  async function pageWithResponses() {
    pages += 1;
    const id = (n: number) => `resp_${pages}_0${n}`;
    const page = await publishedPage(bed(), {
      slug: `export-${Math.random().toString(36).slice(2, 8)}`,
      questions: [...QUESTIONS],
    });
    const store = bed().runtime.store;
    await storeResponse(store, page, {
      id: id(1),
      createdAt: '2026-11-01T10:00:00.000Z',
      answers: { nps: 9, picks: ['a', 'b'], note: '=HYPERLINK("http://evil.example","click")' },
      contact: { name: 'Ana, the tester', email: 'ana@example.com' },
    });
    await storeResponse(store, page, {
      id: id(2),
      createdAt: '2026-11-02T10:00:00.000Z',
      answers: { nps: 3, note: 'two\r\nlines' },
    });
    await storeResponse(store, page, {
      id: id(3),
      createdAt: '2026-11-03T10:00:00.000Z',
      answers: { note: '-1+2' },
    });
    return { ...page, responseIds: [id(1), id(2), id(3)] };
  }

  it('streams CSV: BOM, header by question title, RFC 4180 quoting, formulas neutralised, newest first', async () => {
    await clearOfDayChange();
    const page = await pageWithResponses();
    const response = await bed().request(exportPath(page.id), { key: orgA().adminKey });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    const today = new Date().toISOString().slice(0, 10);
    expect(response.headers.get('content-disposition')).toBe(
      `attachment; filename="${page.slug}-responses-${today}.csv"`,
    );
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      [
        '\uFEFFid,createdAt,pageVersion,contactName,contactEmail,"Recommend us, ""honestly""?",Picks,Note\r\n',
        `${page.responseIds[2]},2026-11-03T10:00:00.000Z,1,,,,,'-1+2\r\n`,
        `${page.responseIds[1]},2026-11-02T10:00:00.000Z,1,,,3,,"two\r\nlines"\r\n`,
        `${page.responseIds[0]},2026-11-01T10:00:00.000Z,1,"Ana, the tester",ana@example.com,9,a; b,"'=HYPERLINK(""http://evil.example"",""click"")"\r\n`,
      ].join(''),
    );
  });

  it('exports NDJSON: one response per line, as the API shows it, within the dates asked', async () => {
    const page = await pageWithResponses();
    const response = await bed().request(
      // `to` is exclusive, as on every list: the response at 10:00:00.000 is the last one in.
      exportPath(page.id, '?format=ndjson&from=2026-11-02&to=2026-11-03T10:00:00.001Z'),
      { key: orgA().adminKey },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.ndjson"$/);
    const text = await response.text();
    expect(text.endsWith('\n')).toBe(true);
    const lines = text
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    const shown = await Promise.all(
      [page.responseIds[2], page.responseIds[1]].map(async (id) =>
        expectJson(await bed().request(`${pagePath(page.id)}/responses/${id}`, { key: orgA().adminKey }), 200),
      ),
    );
    expect(lines).toEqual(shown);
  });

  it('sends a page of many responses in batches, every one once', async () => {
    const page = await publishedPage(bed(), { questions: [{ id: 'nps', type: 'nps', title: 'Recommend us?' }] });
    const total = EXPORT_BATCH * 2 + 7;
    await bed().runtime.store.transaction(async (tx) => {
      for (let n = 0; n < total; n += 1) {
        await storeResponse(tx, page, {
          id: `resp_batch_${String(n).padStart(6, '0')}`,
          createdAt: '2026-06-01T12:00:00.000Z',
          answers: { nps: n % 11 },
        });
      }
    });
    const response = await bed().request(exportPath(page.id), { key: orgA().adminKey });
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const decoder = new TextDecoder('utf-8', { ignoreBOM: true });
    let chunks = 0;
    let text = '';
    for (let read = await reader.read(); !read.done; read = await reader.read()) {
      chunks += 1;
      text += decoder.decode(read.value, { stream: true });
    }
    // The header, then one chunk per batch read from the database.
    expect(chunks).toBe(4);
    const records = text.split('\r\n').slice(1, -1);
    expect(records).toHaveLength(total);
    expect(new Set(records.map((record) => record.split(',')[0])).size).toBe(total);
    expect(records[0]).toBe(
      `resp_batch_${String(total - 1).padStart(6, '0')},2026-06-01T12:00:00.000Z,1,,,${(total - 1) % 11}`,
    );
  });

  it('streams over real HTTP as chunked transfer, byte for byte what the app answers', async () => {
    const page = await pageWithResponses();
    const server = createServer(getRequestListener(bed().runtime.app.fetch));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const response = await fetch(`http://127.0.0.1:${port}${exportPath(page.id)}`, {
        headers: { 'x-service-key': orgA().adminKey },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('transfer-encoding')).toBe('chunked');
      expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename=".+\.csv"$/);
      const inProcess = await bed().request(exportPath(page.id), { key: orgA().adminKey });
      expect(Buffer.from(await response.arrayBuffer())).toEqual(Buffer.from(await inProcess.arrayBuffer()));
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('exports only the header for a page without responses', async () => {
    const page = await publishedPage(bed(), { questions: [{ id: 'nps', type: 'nps', title: 'Recommend us?' }] });
    const response = await bed().request(exportPath(page.id), { key: orgA().adminKey });
    const text = new TextDecoder('utf-8', { ignoreBOM: true }).decode(await response.arrayBuffer());
    expect(text).toBe('\uFEFFid,createdAt,pageVersion,contactName,contactEmail,Recommend us?\r\n');
  });

  it.each([
    { case: 'an unknown format', query: '?format=xlsx', path: 'format' },
    { case: 'a date that is not one', query: '?from=yesterday', path: 'from' },
  ])('refuses $case with 400 validation_failed', async ({ query, path }) => {
    const page = await publishedPage(bed());
    const problem = await expectProblem(
      await bed().request(exportPath(page.id, query), { key: orgA().adminKey }),
      400,
      'validation_failed',
    );
    expect(problem.errors?.map((error) => error.path)).toEqual([path]);
  });

  it('answers 404 problems, not a file, for an unknown page, another organization’s, and another brand’s', async () => {
    await expectProblem(
      await bed().request(exportPath('page_01jd3x2k9v6c4h8m2n5p7q1r3s'), { key: orgA().adminKey }),
      404,
      'not_found',
    );
    const page = await pageWithResponses();
    await expectHiddenFromOrgB(bed(), { method: 'GET', path: exportPath(page.id) });
    const brand = await createBrand(bed(), orgA(), 'Export brand');
    const brandKey = await createKey(bed(), orgA(), { scopes: ['read'], brandId: brand.id as string });
    await expectProblem(await bed().request(exportPath(page.id), { key: brandKey.secret }), 404, 'not_found');
  });
});
