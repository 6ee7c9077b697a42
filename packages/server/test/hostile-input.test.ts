import { MAX_CONTEXT_DEPTH } from '@hearback/spec';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  collectComments,
  createInbox,
  errorPaths,
  expectJson,
  expectProblem,
  type Json,
} from './support/api-assertions.js';
import { describeEachDatabase, type TestBed } from './support/harness.js';

/**
 * Input an attacker with any key can send: text that is not valid Unicode, nesting that overflows
 * `JSON.stringify`, empty ids. Each is a 400 naming the field, and changes nothing.
 */

/** `{"a":{"a":…}}` nested `depth` levels deep (the value itself is level 1), as JSON text. */
function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
}

/** A raw JSON body: `JSON.stringify` cannot write what these tests send. */
function postRaw(bed: TestBed, path: string, key: string, body: string): Promise<Response> {
  return Promise.resolve(
    bed.runtime.app.request(path, {
      method: 'POST',
      headers: { 'x-service-key': key, 'content-type': 'application/json' },
      body,
    }),
  );
}

async function feedbackCount(bed: TestBed): Promise<number> {
  const row = await bed.runtime.database.db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

describeEachDatabase('Hostile input', (bed) => {
  const orgPath = () => `/organizations/${bed().orgA.organization.id}`;
  const collect = (extra: Record<string, unknown>) =>
    bed().request('/collect', {
      method: 'POST',
      key: bed().orgA.collectKey,
      json: { inboxKey: bed().orgA.inbox.inboxKey, type: 'thumbs', score: 1, ...extra },
    });

  describe('text that is not valid Unicode (lone UTF-16 surrogates)', () => {
    it.each([
      ['eventId', { eventId: '\ud800x' }, 'eventId'],
      ['a comment', { comment: 'broken \udc00 text' }, 'comment'],
      ['a context value', { context: { page: 'x\ud800' } }, 'context.page'],
      ['a value deep in context', { context: { list: [{ deep: ['\udbff'] }] } }, 'context.list.0.deep.0'],
      ['a context key', { context: { 'k\ud800': 1 } }, 'context.k\\ud800'],
      ['context.source', { context: { source: '\ud800' } }, 'context.source'],
    ])('refuses %s on /collect with 400 naming the field, and stores nothing', async (_name, extra, path) => {
      const before = await feedbackCount(bed());
      const problem = await expectProblem(await collect(extra), 400, 'validation_failed');
      expect(errorPaths(problem)).toEqual([path]);
      expect(problem.errors?.[0]?.message).toMatch(/valid Unicode/);
      expect(problem.detail).toContain(path);
      expect(await feedbackCount(bed())).toBe(before);
    });

    it('refuses an unknown member holding invalid text, naming it as unknown and as not Unicode', async () => {
      const before = await feedbackCount(bed());
      const problem = await expectProblem(await collect({ extra: ['\ud800'] }), 400, 'validation_failed');
      expect(problem.errors).toEqual([
        { path: 'extra', message: expect.stringMatching(/^Unknown field: extra\./) },
        { path: 'extra.0', message: expect.stringMatching(/valid Unicode/) },
      ]);
      expect(await feedbackCount(bed())).toBe(before);
    });

    it('answers the same refusal every time, so a retry never reaches storage', async () => {
      for (let attempt = 0; attempt < 3; attempt++) {
        await expectProblem(await collect({ eventId: '\ud800x' }), 400, 'validation_failed');
      }
    });

    it('keeps text with surrogate pairs (emoji) exactly as sent', async () => {
      const comment = 'Love it 😀👍🏽 𝄞';
      const created = await expectJson(await collect({ comment, context: { '😀': '👍' } }), 201);
      const stored = await expectJson(
        await bed().request(`${orgPath()}/feedback/${created.id}`, { key: bed().orgA.adminKey }),
        200,
      );
      expect(stored).toMatchObject({ comment, context: { '😀': '👍' } });
    });

    it.each<[string, () => { method: string; path: string; json: unknown }, string]>([
      [
        'an inbox name',
        () => ({ method: 'POST', path: `${orgPath()}/inboxes`, json: { name: 'In\ud800box' } }),
        'name',
      ],
      [
        'a member an inbox does not have',
        () => ({ method: 'POST', path: `${orgPath()}/inboxes`, json: { name: 'ok', 'x\udc00': 1 } }),
        'x\\udc00',
      ],
      ['a brand name', () => ({ method: 'POST', path: `${orgPath()}/brands`, json: { name: '\udfff' } }), 'name'],
      [
        'an API key name',
        () => ({ method: 'POST', path: `${orgPath()}/api-keys`, json: { name: 'k\ud800', scopes: ['read'] } }),
        'name',
      ],
      ['an organization name', () => ({ method: 'PATCH', path: orgPath(), json: { name: 'Org \ud800' } }), 'name'],
      [
        'a search query',
        () => ({ method: 'POST', path: `${orgPath()}/search`, json: { query: 'x\ud800', mode: 'keyword' } }),
        'query',
      ],
      [
        'a search filter',
        () => ({
          method: 'POST',
          path: `${orgPath()}/search`,
          json: { query: 'x', mode: 'keyword', filters: { source: '\ud800' } },
        }),
        'filters.source',
      ],
    ])('refuses %s with 400 naming the field', async (_name, call, path) => {
      const { method, path: url, json } = call();
      const problem = await expectProblem(
        await bed().request(url, { method, key: bed().orgA.adminKey, json }),
        400,
        'validation_failed',
      );
      expect(errorPaths(problem)).toContain(path);
    });

    it('refuses it in an idempotent write too (the body is read twice there), and the key stays free', async () => {
      const send = (name: string) =>
        bed().request(`${orgPath()}/inboxes`, {
          method: 'POST',
          key: bed().orgA.adminKey,
          headers: { 'idempotency-key': 'hostile-input-1' },
          json: { name, extra: 'x\ud800' },
        });
      const problem = await expectProblem(await send('first'), 400, 'validation_failed');
      // Both rules name it: a member the operation does not take, holding text that is not Unicode.
      expect(errorPaths(problem)).toEqual(['extra', 'extra']);
      await expectProblem(await send('first'), 400, 'validation_failed');
    });

    it('refuses a note body and an issue link URL, and leaves the feedback as it was', async () => {
      const [id] = await collectComments(bed(), bed().orgA, ['notes and links']);
      const item = `${orgPath()}/feedback/${id}`;
      const before = await expectJson(await bed().request(item, { key: bed().orgA.adminKey }), 200);
      const note = await expectProblem(
        await bed().request(`${item}/notes`, { method: 'POST', key: bed().orgA.adminKey, json: { body: '\ud800' } }),
        400,
        'validation_failed',
      );
      expect(errorPaths(note)).toEqual(['body']);
      const link = await expectProblem(
        await bed().request(item, {
          method: 'PATCH',
          key: bed().orgA.adminKey,
          json: { status: 'triaged', issueLink: { url: 'https://github.com/a/b/issues/1\ud800' } },
        }),
        400,
        'validation_failed',
      );
      expect(errorPaths(link)).toEqual(['issueLink.url']);
      expect(await expectJson(await bed().request(item, { key: bed().orgA.adminKey }), 200)).toEqual(before);
      const notes = await expectJson(await bed().request(`${item}/notes`, { key: bed().orgA.adminKey }), 200);
      expect(notes.data).toEqual([]);
    });
  });

  describe(`context nested deeper than ${MAX_CONTEXT_DEPTH} levels`, () => {
    const body = (context: string) =>
      `{"inboxKey":${JSON.stringify(bed().orgA.inbox.inboxKey)},"type":"thumbs","score":1,"context":${context}}`;

    it(`accepts ${MAX_CONTEXT_DEPTH} levels and stores them`, async () => {
      const created = await expectJson(
        await postRaw(bed(), '/collect', bed().orgA.collectKey, body(nestedJson(MAX_CONTEXT_DEPTH))),
        201,
      );
      const stored = await expectJson(
        await bed().request(`${orgPath()}/feedback/${created.id}`, { key: bed().orgA.adminKey }),
        200,
      );
      expect(JSON.stringify(stored.context)).toBe(nestedJson(MAX_CONTEXT_DEPTH));
    });

    it.each([MAX_CONTEXT_DEPTH + 1, 4_200, 10_000])('refuses %i levels with 400 naming context', async (depth) => {
      const before = await feedbackCount(bed());
      const problem = await expectProblem(
        await postRaw(bed(), '/collect', bed().orgA.collectKey, body(nestedJson(depth))),
        400,
        'validation_failed',
      );
      expect(errorPaths(problem)).toEqual(['context']);
      expect(problem.errors?.[0]?.message).toContain(`${MAX_CONTEXT_DEPTH} levels`);
      expect(await feedbackCount(bed())).toBe(before);
    });

    it('counts arrays as levels too', async () => {
      const deepArrays = `{"list":${'['.repeat(MAX_CONTEXT_DEPTH)}${']'.repeat(MAX_CONTEXT_DEPTH)}}`;
      const problem = await expectProblem(
        await postRaw(bed(), '/collect', bed().orgA.collectKey, body(deepArrays)),
        400,
        'validation_failed',
      );
      expect(errorPaths(problem)).toEqual(['context']);
    });
  });

  describe('empty and malformed ids where a brand id is taken', () => {
    let inbox: Json;
    beforeAll(async () => {
      inbox = await createInbox(bed(), bed().orgA, { name: 'brand ids' });
    });

    const calls = () => [
      { name: 'POST /inboxes', method: 'POST', path: `${orgPath()}/inboxes`, json: { name: 'x' } },
      { name: 'PATCH /inboxes/{id}', method: 'PATCH', path: `${orgPath()}/inboxes/${inbox.id}`, json: {} },
      { name: 'POST /api-keys', method: 'POST', path: `${orgPath()}/api-keys`, json: { name: 'x', scopes: ['read'] } },
    ];

    it.each(['', 'brd_', 'brd_nope', 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s', ' brd_01jd3x2k9v6c4h8m2n5p7q1r3s'])(
      'refuses brandId %j with 400 naming brandId on every route that takes one',
      async (brandId) => {
        for (const call of calls()) {
          const problem = await expectProblem(
            await bed().request(call.path, {
              method: call.method,
              key: bed().orgA.adminKey,
              json: { ...call.json, brandId },
            }),
            400,
            'validation_failed',
          );
          expect(errorPaths(problem), call.name).toEqual(['brandId']);
          expect(problem.errors?.[0]?.message, call.name).toMatch(/brand id/);
        }
        const unchanged = await expectJson(
          await bed().request(`${orgPath()}/inboxes/${inbox.id}`, { key: bed().orgA.adminKey }),
          200,
        );
        expect(unchanged.brandId).toBeNull();
      },
    );

    it('answers a well-formed brand id that does not exist with 404', async () => {
      for (const call of calls()) {
        await expectProblem(
          await bed().request(call.path, {
            method: call.method,
            key: bed().orgA.adminKey,
            json: { ...call.json, brandId: 'brd_01jd3x2k9v6c4h8m2n5p7q1r3s' },
          }),
          404,
          'not_found',
        );
      }
    });
  });

  describe('integers in query strings', () => {
    const list = (query: string) => bed().request(`${orgPath()}/feedback?${query}`, { key: bed().orgA.adminKey });

    it.each([
      ['limit=0x10', 'limit'],
      ['limit=%205', 'limit'],
      ['limit=5%20', 'limit'],
      ['limit=1e1', 'limit'],
      ['limit=%2B5', 'limit'],
      ['limit=5.0', 'limit'],
      ['limit=0b11', 'limit'],
      ['scoreMin=%205', 'scoreMin'],
      ['scoreMax=0x5', 'scoreMax'],
      ['scoreMin=Infinity', 'scoreMin'],
    ])('refuses %s with 400 naming the parameter', async (query, name) => {
      const problem = await expectProblem(await list(query), 400, 'validation_failed');
      expect(errorPaths(problem)).toEqual([name]);
      expect(problem.errors?.[0]?.message).toMatch(/decimal digits/);
    });

    it('refuses a hexadecimal limit on similar feedback too', async () => {
      const [id] = await collectComments(bed(), bed().orgA, ['similar limit']);
      const problem = await expectProblem(
        await bed().request(`${orgPath()}/feedback/${id}/similar?limit=0x3`, { key: bed().orgA.adminKey }),
        400,
        'validation_failed',
      );
      expect(errorPaths(problem)).toEqual(['limit']);
    });

    it('reads decimal integers, a minus sign and leading zeros, and an empty value as none', async () => {
      const [id] = await collectComments(bed(), bed().orgA, ['decimal query']);
      const page = await expectJson(await list('limit=01&scoreMax=-1&scoreMin='), 200);
      expect(page.data).toEqual([]);
      const first = await expectJson(await list('limit=1&scoreMin=&scoreMax='), 200);
      expect(first.data.map((item: Json) => item.id)).toEqual([id]);
    });
  });
});
