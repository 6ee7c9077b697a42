import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { memberWithRole } from '../../../test/support/accounts.js';
import {
  createApiKey,
  createInbox,
  errorPaths,
  expectJson,
  expectProblem,
  keyIdOf,
} from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

interface Note {
  id: string;
  orgId: string;
  feedbackId: string;
  body: string;
  authorKeyId: string | null;
  createdAt: string;
  updatedAt: string;
}

interface NotePage {
  data: Note[];
  nextCursor: string | null;
}

describeEachDatabase('feedback notes API', (bed) => {
  async function submit(org: BootstrappedOrganization, inboxKey = org.inbox.inboxKey): Promise<string> {
    const response = await bed().request('/collect', {
      method: 'POST',
      key: org.collectKey,
      json: { inboxKey, type: 'text', comment: 'Search is slow' },
    });
    return (await expectJson<{ id: string }>(response, 201)).id;
  }

  const notesPath = (feedbackId: string, org = bed().orgA) =>
    `/organizations/${org.organization.id}/feedback/${feedbackId}/notes`;

  const create = (feedbackId: string, json: unknown, key = bed().orgA.adminKey, org = bed().orgA) =>
    bed().request(notesPath(feedbackId, org), { method: 'POST', key, json });
  const list = (feedbackId: string, query: Record<string, string> = {}, key = bed().orgA.adminKey, org = bed().orgA) =>
    bed().request(`${notesPath(feedbackId, org)}?${new URLSearchParams(query)}`, { key });
  const get = (feedbackId: string, noteId: string, key = bed().orgA.adminKey, org = bed().orgA) =>
    bed().request(`${notesPath(feedbackId, org)}/${noteId}`, { key });
  const update = (feedbackId: string, noteId: string, json: unknown, key = bed().orgA.adminKey, org = bed().orgA) =>
    bed().request(`${notesPath(feedbackId, org)}/${noteId}`, { method: 'PATCH', key, json });
  const remove = (feedbackId: string, noteId: string, key = bed().orgA.adminKey, org = bed().orgA) =>
    bed().request(`${notesPath(feedbackId, org)}/${noteId}`, { method: 'DELETE', key });

  let feedbackId: string;
  beforeEach(async () => {
    feedbackId = await submit(bed().orgA);
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  describe('CRUD', () => {
    it('creates a note (201) written by the calling key, and reads it back', async () => {
      const note = await expectJson<Note>(await create(feedbackId, { body: 'Reproduced on Safari 18.' }), 201);
      expect(note).toEqual({
        id: expect.stringMatching(/^note_[0-9a-z]{26}$/),
        orgId: bed().orgA.organization.id,
        feedbackId,
        body: 'Reproduced on Safari 18.',
        authorKeyId: keyIdOf(bed().orgA.adminKey),
        authorUserId: null,
        createdAt: expect.any(String),
        updatedAt: note.createdAt,
      });
      expect(await expectJson<Note>(await get(feedbackId, note.id), 200)).toEqual(note);
    });

    it('names the member who wrote a note while signed in (and no key)', async () => {
      const member = await memberWithRole(bed(), bed().orgA, 'member');
      const response = await bed().request(
        `/organizations/${bed().orgA.organization.id}/feedback/${feedbackId}/notes`,
        {
          method: 'POST',
          session: member.session,
          json: { body: 'Seen it too.' },
        },
      );
      const note = await expectJson<Note>(response, 201);
      expect(note).toMatchObject({ authorKeyId: null, authorUserId: member.userId });
    });

    it('trims the body', async () => {
      const note = await expectJson<Note>(await create(feedbackId, { body: '  Needs a repro  \n' }), 201);
      expect(note.body).toBe('Needs a repro');
    });

    it('lists the notes of one feedback item, oldest first', async () => {
      const bodies = ['first', 'second', 'third'];
      const created: Note[] = [];
      for (const body of bodies) created.push(await expectJson<Note>(await create(feedbackId, { body }), 201));
      const otherFeedback = await submit(bed().orgA);
      await expectJson(await create(otherFeedback, { body: 'elsewhere' }), 201);

      const page = await expectJson<NotePage>(await list(feedbackId), 200);
      expect(page).toEqual({ data: created, nextCursor: null });
    });

    it('pages through notes with limit and nextCursor, without gaps or repeats', async () => {
      const created: string[] = [];
      for (let index = 0; index < 5; index++) {
        created.push((await expectJson<Note>(await create(feedbackId, { body: `note ${index}` }), 201)).id);
      }
      const seen: string[][] = [];
      let cursor: string | null = null;
      do {
        const page: NotePage = await expectJson<NotePage>(
          await list(feedbackId, { limit: '2', ...(cursor && { cursor }) }),
          200,
        );
        seen.push(page.data.map((note) => note.id));
        cursor = page.nextCursor;
      } while (cursor && seen.length < 10);
      expect(seen).toEqual([created.slice(0, 2), created.slice(2, 4), created.slice(4)]);
    });

    it('answers a bad cursor with 400', async () => {
      const problem = await expectProblem(await list(feedbackId, { cursor: '%%%' }), 400, 'validation_failed');
      expect(errorPaths(problem)).toEqual(['cursor']);
    });

    it('lists no notes for feedback without any', async () => {
      expect(await expectJson<NotePage>(await list(feedbackId), 200)).toEqual({ data: [], nextCursor: null });
    });

    it('edits a note: new body, new updatedAt, same createdAt and author', async () => {
      const note = await expectJson<Note>(await create(feedbackId, { body: 'draft' }), 201);
      vi.useFakeTimers({ toFake: ['Date'] });
      const later = new Date(Date.parse(note.createdAt) + 5 * 60_000);
      vi.setSystemTime(later);

      const edited = await expectJson<Note>(await update(feedbackId, note.id, { body: 'final' }), 200);
      expect(edited).toEqual({ ...note, body: 'final', updatedAt: later.toISOString() });
      expect(await expectJson<Note>(await get(feedbackId, note.id), 200)).toEqual(edited);
    });

    it('deletes a note (204): it is gone from get, list and delete', async () => {
      const keep = await expectJson<Note>(await create(feedbackId, { body: 'keep' }), 201);
      const drop = await expectJson<Note>(await create(feedbackId, { body: 'drop' }), 201);

      const response = await remove(feedbackId, drop.id);
      expect(response.status).toBe(204);
      expect(await response.text()).toBe('');

      await expectProblem(await get(feedbackId, drop.id), 404, 'not_found');
      await expectProblem(await update(feedbackId, drop.id, { body: 'again' }), 404, 'not_found');
      await expectProblem(await remove(feedbackId, drop.id), 404, 'not_found');
      expect((await expectJson<NotePage>(await list(feedbackId), 200)).data).toEqual([keep]);
    });

    it('is also served under /v1', async () => {
      const response = await bed().request(`/v1${notesPath(feedbackId)}`, {
        method: 'POST',
        key: bed().orgA.adminKey,
        json: { body: 'versioned' },
      });
      const note = await expectJson<Note>(response, 201);
      expect(await expectJson<Note>(await get(feedbackId, note.id), 200)).toEqual(note);
    });
  });

  describe('validation', () => {
    it.each([
      ['an empty object', {}],
      ['an empty body', { body: '' }],
      ['a blank body', { body: '   ' }],
      ['a non-string body', { body: 42 }],
      ['a body over 10,000 characters', { body: 'x'.repeat(10_001) }],
      ['a NUL character', { body: 'before\u0000after' }],
    ])('refuses to create a note from %s', async (_label, json) => {
      const problem = await expectProblem(await create(feedbackId, json), 400, 'validation_failed');
      expect(errorPaths(problem)).toEqual(['body']);
      expect((await expectJson<NotePage>(await list(feedbackId), 200)).data).toEqual([]);
    });

    it('refuses to edit a note into an empty one', async () => {
      const note = await expectJson<Note>(await create(feedbackId, { body: 'keep me' }), 201);
      for (const json of [{}, { body: '' }, { body: ' \t ' }]) {
        const problem = await expectProblem(await update(feedbackId, note.id, json), 400, 'validation_failed');
        expect(errorPaths(problem)).toEqual(['body']);
      }
      expect((await expectJson<Note>(await get(feedbackId, note.id), 200)).body).toBe('keep me');
    });

    it('answers malformed JSON with 400 malformed_json', async () => {
      const response = await bed().request(notesPath(feedbackId), {
        method: 'POST',
        key: bed().orgA.adminKey,
        headers: { 'content-type': 'application/json' },
        body: '{"body": "unterminated',
      });
      await expectProblem(response, 400, 'malformed_json');
    });

    it('answers notes on unknown feedback with 404', async () => {
      const unknown = 'fb_00000000000000000000000000';
      await expectProblem(await create(unknown, { body: 'hello' }), 404, 'not_found');
      await expectProblem(await list(unknown), 404, 'not_found');
    });

    it('answers an unknown note id with 404', async () => {
      const missing = 'note_00000000000000000000000000';
      await expectProblem(await get(feedbackId, missing), 404, 'not_found');
      await expectProblem(await update(feedbackId, missing, { body: 'x' }), 404, 'not_found');
      await expectProblem(await remove(feedbackId, missing), 404, 'not_found');
    });

    it('answers a note addressed through another feedback item with 404', async () => {
      const note = await expectJson<Note>(await create(feedbackId, { body: 'belongs to the first' }), 201);
      const otherFeedback = await submit(bed().orgA);
      await expectProblem(await get(otherFeedback, note.id), 404, 'not_found');
      await expectProblem(await update(otherFeedback, note.id, { body: 'moved?' }), 404, 'not_found');
      await expectProblem(await remove(otherFeedback, note.id), 404, 'not_found');
      expect((await expectJson<Note>(await get(feedbackId, note.id), 200)).body).toBe('belongs to the first');
    });
  });

  describe('tenancy', () => {
    let noteId: string;
    beforeEach(async () => {
      noteId = (await expectJson<Note>(await create(feedbackId, { body: 'org A only' }), 201)).id;
    });

    it("answers org B's key in org A's path with 404 for every operation", async () => {
      const { orgA, orgB } = bed();
      await expectProblem(await list(feedbackId, {}, orgB.adminKey, orgA), 404, 'not_found');
      await expectProblem(await create(feedbackId, { body: 'x' }, orgB.adminKey, orgA), 404, 'not_found');
      await expectProblem(await get(feedbackId, noteId, orgB.adminKey, orgA), 404, 'not_found');
      await expectProblem(await update(feedbackId, noteId, { body: 'x' }, orgB.adminKey, orgA), 404, 'not_found');
      await expectProblem(await remove(feedbackId, noteId, orgB.adminKey, orgA), 404, 'not_found');
    });

    it("answers org A's feedback and note ids in org B's own path with 404 for every operation", async () => {
      const { orgB } = bed();
      await expectProblem(await list(feedbackId, {}, orgB.adminKey, orgB), 404, 'not_found');
      await expectProblem(await create(feedbackId, { body: 'x' }, orgB.adminKey, orgB), 404, 'not_found');
      await expectProblem(await get(feedbackId, noteId, orgB.adminKey, orgB), 404, 'not_found');
      await expectProblem(await update(feedbackId, noteId, { body: 'x' }, orgB.adminKey, orgB), 404, 'not_found');
      await expectProblem(await remove(feedbackId, noteId, orgB.adminKey, orgB), 404, 'not_found');
    });

    it("answers org A's note under org B's own feedback with 404", async () => {
      const { orgB } = bed();
      const feedbackB = await submit(orgB);
      await expectProblem(await get(feedbackB, noteId, orgB.adminKey, orgB), 404, 'not_found');
      await expectProblem(await update(feedbackB, noteId, { body: 'x' }, orgB.adminKey, orgB), 404, 'not_found');
      await expectProblem(await remove(feedbackB, noteId, orgB.adminKey, orgB), 404, 'not_found');
    });

    it('leaves the note untouched after refused cross-tenant writes', async () => {
      const { orgA, orgB } = bed();
      expect((await remove(feedbackId, noteId, orgB.adminKey, orgB)).status).toBe(404);
      expect((await update(feedbackId, noteId, { body: 'hijacked' }, orgB.adminKey, orgA)).status).toBe(404);
      expect(await expectJson<NotePage>(await list(feedbackId), 200)).toMatchObject({
        data: [{ id: noteId, body: 'org A only' }],
      });
    });

    describe('brand-scoped keys', () => {
      let brandKey: string;
      let brandFeedback: string;
      beforeAll(async () => {
        const { orgA } = bed();
        const brand = await expectJson<{ id: string }>(
          await bed().request(`/organizations/${orgA.organization.id}/brands`, {
            method: 'POST',
            key: orgA.adminKey,
            json: { name: 'Notes Brand' },
          }),
          201,
        );
        const inbox = await createInbox(bed(), orgA, { name: 'notes brand inbox', brandId: brand.id });
        brandKey = (await createApiKey(bed(), orgA, { scopes: ['read', 'write'], brandId: brand.id })).secret;
        brandFeedback = await submit(orgA, inbox.inboxKey);
      });

      it("manages notes on its brand's feedback only", async () => {
        const own = await expectJson<Note>(await create(brandFeedback, { body: 'brand note' }, brandKey), 201);
        expect(own.authorKeyId).toBe(keyIdOf(brandKey));
        await expectJson(await get(brandFeedback, own.id, brandKey), 200);

        // feedbackId (from beforeEach) is in the default inbox, outside the brand.
        await expectProblem(await list(feedbackId, {}, brandKey), 404, 'not_found');
        await expectProblem(await create(feedbackId, { body: 'x' }, brandKey), 404, 'not_found');
        await expectProblem(await get(feedbackId, noteId, brandKey), 404, 'not_found');
        await expectProblem(await update(feedbackId, noteId, { body: 'x' }, brandKey), 404, 'not_found');
        await expectProblem(await remove(feedbackId, noteId, brandKey), 404, 'not_found');
      });
    });
  });

  describe('scopes', () => {
    let reader: string;
    beforeAll(async () => {
      reader = (await createApiKey(bed(), bed().orgA, { name: 'reader', scopes: ['read'] })).secret;
    });

    it('lets a read-only key list and get notes', async () => {
      const note = await expectJson<Note>(await create(feedbackId, { body: 'visible' }), 201);
      expect((await expectJson<NotePage>(await list(feedbackId, {}, reader), 200)).data).toEqual([note]);
      expect(await expectJson<Note>(await get(feedbackId, note.id, reader), 200)).toEqual(note);
    });

    it('answers a read-only key with 403 insufficient_scope on create, edit and delete', async () => {
      const note = await expectJson<Note>(await create(feedbackId, { body: 'stays' }), 201);
      const refused = await expectProblem(
        await create(feedbackId, { body: 'nope' }, reader),
        403,
        'insufficient_scope',
      );
      expect(refused.requiredScope).toBe('write');
      await expectProblem(await update(feedbackId, note.id, { body: 'nope' }, reader), 403, 'insufficient_scope');
      await expectProblem(await remove(feedbackId, note.id, reader), 403, 'insufficient_scope');
      expect((await expectJson<NotePage>(await list(feedbackId), 200)).data).toEqual([note]);
    });

    it('answers a collect-only key with 403 even for reading', async () => {
      await expectProblem(await list(feedbackId, {}, bed().orgA.collectKey), 403, 'insufficient_scope');
    });

    it('answers a request without a key with 401', async () => {
      await expectProblem(await bed().request(notesPath(feedbackId)), 401, 'missing_api_key');
    });
  });
});
