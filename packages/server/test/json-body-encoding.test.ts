import { beforeAll, expect, it } from 'vitest';
import { expectJson, expectProblem } from './support/api-assertions.js';
import { describeEachDatabase } from './support/harness.js';

/**
 * JSON on the wire is UTF-8 (RFC 8259). Request.json() replaces bytes that are not UTF-8 with U+FFFD
 * and reads every declared charset as UTF-8, so a Latin-1 `café` was stored as `caf\uFFFD`. Every
 * operation's JSON body now refuses such bytes (400) and a charset other than UTF-8 (415); the
 * `/collect` paths are held to it in fast-path.test.ts, this is another route, a write that takes
 * `Idempotency-Key` (whose fingerprint reads the body too).
 */
describeEachDatabase('JSON bodies in UTF-8 only', (bed) => {
  let notesPath: string;
  const notes = async () =>
    (await expectJson<{ data: { body: string }[] }>(await bed().request(notesPath, { key: bed().orgA.adminKey }), 200))
      .data;
  /** A note whose body is `text` followed by raw bytes, sent as they are. */
  const noteInBytes = (text: string, raw: number[]) =>
    Buffer.concat([Buffer.from(`{"body":"${text}`), Buffer.from(raw), Buffer.from('"}')]);
  const post = (body: Uint8Array, headers: Record<string, string> = {}) =>
    bed().request(notesPath, {
      method: 'POST',
      key: bed().orgA.adminKey,
      headers: { 'content-type': 'application/json', ...headers },
      body,
    });

  beforeAll(async () => {
    const collected = await bed().request('/collect', {
      method: 'POST',
      key: bed().orgA.collectKey,
      json: { inboxKey: bed().orgA.inbox.inboxKey, type: 'text', comment: 'Checkout fails' },
    });
    const { id } = await expectJson<{ id: string }>(collected, 201);
    notesPath = `/organizations/${bed().orgA.organization.id}/feedback/${id}/notes`;
  });

  it('refuses a body that is not UTF-8 with 400 saying so, and stores nothing', async () => {
    for (const raw of [[0xe9], [0xed, 0xa0, 0x80], [0xff]]) {
      const problem = await expectProblem(await post(noteInBytes('caf', raw)), 400, 'malformed_json');
      expect(problem.detail).toMatch(/^The request body is not valid UTF-8/);
    }
    expect(await notes()).toEqual([]);
  });

  it('refuses a charset other than UTF-8 with 415, and takes utf-8 and utf8', async () => {
    const problem = await expectProblem(
      await post(noteInBytes('caf', [0xe9]), { 'content-type': 'application/json; charset=latin1' }),
      415,
      'unsupported_media_type',
    );
    expect(problem.detail).toBe(
      'JSON is read as UTF-8 only; the body declares charset=latin1. Send it in UTF-8, with no charset or charset=utf-8.',
    );
    for (const charset of ['UTF-8', 'utf8']) {
      const response = await post(noteInBytes(`café ${charset}`, []), {
        'content-type': `application/json; charset=${charset}`,
      });
      await expectJson(response, 201);
    }
    expect((await notes()).map((note) => note.body).sort()).toEqual(['café UTF-8', 'café utf8']);
  });

  it('refuses the bytes before an Idempotency-Key records them, so a corrected retry is stored', async () => {
    const headers = { 'idempotency-key': `utf8-retry-${Date.now()}` };
    await expectProblem(await post(noteInBytes('naïve ', [0xe9]), headers), 400, 'malformed_json');
    const retried = await expectJson<{ body: string }>(await post(noteInBytes('naïve é', []), headers), 201);
    expect(retried.body).toBe('naïve é');
  });
});
