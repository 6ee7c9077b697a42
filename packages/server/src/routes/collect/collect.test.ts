import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  type CreatedInbox,
  createApiKey,
  createInbox,
  errorPaths,
  expectJson,
  expectProblem,
  type FeedbackItem,
  listAllFeedback,
  outboxEventsFor,
} from '../../../test/support/api-assertions.js';
import { clearOfDayChange } from '../../../test/support/day-change.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { nextPeriodStart, usagePeriod } from '../../lib/time.js';
import type { BootstrappedOrganization } from '../../services/organizations.js';

interface Collected {
  id: string;
  success: true;
}

describeEachDatabase('POST /collect', (bed) => {
  const collect = (body: unknown, init: { key?: string; headers?: Record<string, string>; path?: string } = {}) =>
    bed().request(init.path ?? '/collect', {
      method: 'POST',
      key: init.key ?? bed().orgA.collectKey,
      json: body,
      ...(init.headers && { headers: init.headers }),
    });
  const rowsIn = (org: BootstrappedOrganization, inboxId: string) =>
    listAllFeedback(bed(), org.organization.id, org.adminKey, { inboxId });
  const getFeedback = (org: BootstrappedOrganization, id: string) =>
    bed().request(`/organizations/${org.organization.id}/feedback/${id}`, { key: org.adminKey });

  let inbox: CreatedInbox;
  beforeAll(async () => {
    inbox = await createInbox(bed(), bed().orgA, { name: 'collect tests' });
  });

  describe('accepting feedback', () => {
    it('answers 201 with the new id, and the stored item is then readable', async () => {
      const created = await expectJson<Collected>(
        await collect({
          inboxKey: inbox.inboxKey,
          type: 'stars',
          score: 4,
          comment: 'Nice checkout',
          context: { source: 'widget', url: 'https://shop.example/cart', userId: 'u_42' },
        }),
        201,
      );
      expect(created).toEqual({ id: expect.stringMatching(/^fb_[0-9a-z]{26}$/), success: true });

      const item = await expectJson<FeedbackItem>(await getFeedback(bed().orgA, created.id), 200);
      expect(item).toMatchObject({
        id: created.id,
        orgId: bed().orgA.organization.id,
        inboxId: inbox.id,
        brandId: null,
        type: 'stars',
        score: 4,
        comment: 'Nice checkout',
        context: { source: 'widget', url: 'https://shop.example/cart', userId: 'u_42' },
        source: 'widget',
        status: 'new',
        issueLink: null,
      });
      expect(item.updatedAt).toBe(item.createdAt);
      expect(Date.parse(item.createdAt)).not.toBeNaN();

      const listed = await rowsIn(bed().orgA, inbox.id);
      expect(listed.map((row) => row.id)).toContain(created.id);
    });

    it('is also served under /v1', async () => {
      const created = await expectJson<Collected>(
        await collect({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 1 }, { path: '/v1/collect' }),
        201,
      );
      const item = await expectJson<FeedbackItem>(
        await bed().request(`/v1/organizations/${bed().orgA.organization.id}/feedback/${created.id}`, {
          key: bed().orgA.adminKey,
        }),
        200,
      );
      expect(item).toMatchObject({ type: 'thumbs', score: 1 });
    });

    it('stores no source when context.source is absent or null', async () => {
      for (const context of [{ url: 'https://example.com' }, { source: null, url: 'https://example.com' }]) {
        const { id } = await expectJson<Collected>(
          await collect({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 0, context }),
          201,
        );
        const item = await expectJson<FeedbackItem>(await getFeedback(bed().orgA, id), 200);
        expect(item.source).toBeNull();
        expect(item.context).toEqual(context);
      }
    });

    it.each([
      ['a number', { source: 42 }, 'context.source'],
      ['an object', { source: { name: 'widget' } }, 'context.source'],
      ['a list', { source: ['widget'] }, 'context.source'],
      ['a boolean agentName', { source: 'agent', agentName: true }, 'context.agentName'],
    ])('refuses %s where the context names text, and stores nothing', async (_label, context, path) => {
      const before = (await rowsIn(bed().orgA, inbox.id)).length;
      const problem = await expectProblem(
        await collect({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 0, context }),
        400,
        'validation_failed',
      );
      expect(problem.errors).toEqual([{ path, message: 'Must be text.' }]);
      expect(await rowsIn(bed().orgA, inbox.id)).toHaveLength(before);
    });

    it('keeps the context as sent: a text source is filterable, other members stay free', async () => {
      const context = { url: 'https://example.com', source: 'checkout-form', count: 3, nested: { source: 5 } };
      const { id } = await expectJson<Collected>(
        await collect({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 1, context }),
        201,
      );
      const found = await listAllFeedback(bed(), bed().orgA.organization.id, bed().orgA.adminKey, {
        source: 'checkout-form',
      });
      expect(found.map((item) => [item.id, item.context])).toEqual([[id, context]]);
    });

    it('writes a feedback.created outbox event carrying the stored item', async () => {
      const { id } = await expectJson<Collected>(
        await collect({ inboxKey: inbox.inboxKey, type: 'nps', score: 9, comment: 'Would recommend' }),
        201,
      );
      const events = await outboxEventsFor(bed(), id);
      expect(events).toHaveLength(1);
      expect(events[0]?.type).toBe('feedback.created');
      expect(events[0]?.data).toMatchObject({ id, type: 'nps', score: 9, comment: 'Would recommend', status: 'new' });
      // The idempotency key is internal; it is not published to webhook consumers.
      expect(events[0]?.data).not.toHaveProperty('idempotencyKey');
    });

    it.each([
      ['thumbs', 0],
      ['thumbs', 1],
      ['stars', 1],
      ['stars', 5],
      ['csat', 1],
      ['csat', 5],
      ['emoji', 1],
      ['emoji', 5],
      ['nps', 0],
      ['nps', 10],
    ])('accepts %s with score %i (range boundary)', async (type, score) => {
      const { id } = await expectJson<Collected>(await collect({ inboxKey: inbox.inboxKey, type, score }), 201);
      const item = await expectJson<FeedbackItem>(await getFeedback(bed().orgA, id), 200);
      expect(item).toMatchObject({ type, score, comment: null });
    });

    it.each([
      ['without a score', { comment: 'The export is slow' }],
      ['with score null', { score: null, comment: 'The export is slow' }],
    ])('accepts text feedback %s', async (_label, fields) => {
      const { id } = await expectJson<Collected>(
        await collect({ inboxKey: inbox.inboxKey, type: 'text', ...fields }),
        201,
      );
      const item = await expectJson<FeedbackItem>(await getFeedback(bed().orgA, id), 200);
      expect(item).toMatchObject({ type: 'text', score: null, comment: 'The export is slow' });
    });
  });

  describe('validation', () => {
    it.each([
      ['thumbs', 2, 'score'],
      ['thumbs', -1, 'score'],
      ['stars', 0, 'score'],
      ['stars', 6, 'score'],
      ['csat', 0, 'score'],
      ['csat', 6, 'score'],
      ['emoji', 0, 'score'],
      ['emoji', 6, 'score'],
      ['nps', -1, 'score'],
      ['nps', 11, 'score'],
      ['stars', 2.5, 'score'],
      ['nps', '7', 'score'],
      ['stars', undefined, 'score'],
      ['nps', null, 'score'],
      ['text', 3, 'score'],
    ])('rejects %s with score %s → 400 at %s', async (type, score, path) => {
      const before = (await rowsIn(bed().orgA, inbox.id)).length;
      const problem = await expectProblem(
        await collect({ inboxKey: inbox.inboxKey, type, score, comment: 'hello' }),
        400,
        'validation_failed',
      );
      expect(errorPaths(problem)).toContain(path);
      expect(await rowsIn(bed().orgA, inbox.id)).toHaveLength(before);
    });

    it.each([
      ['nps', 11, 'NPS feedback takes a score from 0 to 10, not 11.'],
      ['csat', 0, 'CSAT feedback takes a score from 1 to 5, not 0.'],
      ['thumbs', 2, 'Thumbs feedback takes a score of 0 or 1, not 2.'],
      ['stars', null, 'Stars feedback needs a score from 1 to 5.'],
      ['text', 3, 'Text feedback takes no score.'],
    ])('says what is wrong with a %s score of %s in words a person reads', async (type, score, message) => {
      const problem = await expectProblem(
        await collect({ inboxKey: inbox.inboxKey, type, score, comment: 'hello' }),
        400,
        'validation_failed',
      );
      expect(problem.errors).toEqual([{ path: 'score', message }]);
    });

    it.each([
      ['no comment', {}],
      ['an empty comment', { comment: '' }],
      ['a blank comment', { comment: '   \n ' }],
      ['a null comment', { comment: null }],
    ])('rejects text feedback with %s', async (_label, fields) => {
      const problem = await expectProblem(
        await collect({ inboxKey: inbox.inboxKey, type: 'text', ...fields }),
        400,
        'validation_failed',
      );
      expect(problem.errors).toEqual([{ path: 'comment', message: 'Text feedback needs a comment.' }]);
    });

    it('reports every invalid field at once', async () => {
      const problem = await expectProblem(await collect({ type: 'smiley', score: 'a' }), 400, 'validation_failed');
      expect(errorPaths(problem)).toEqual(expect.arrayContaining(['inboxKey', 'type']));
      expect(problem.errors?.every((error) => error.message.length > 0)).toBe(true);
    });

    it('rejects a comment over 10,000 characters and a context over 16 KB', async () => {
      const longComment = await expectProblem(
        await collect({ inboxKey: inbox.inboxKey, type: 'text', comment: 'x'.repeat(10_001) }),
        400,
        'validation_failed',
      );
      expect(errorPaths(longComment)).toEqual(['comment']);
      const bigContext = await expectProblem(
        await collect({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 1, context: { blob: 'x'.repeat(17_000) } }),
        400,
        'validation_failed',
      );
      expect(errorPaths(bigContext)).toEqual(['context']);
    });

    it.each([
      ['comment', { type: 'text', comment: 'crash\u0000dump' }, 'comment'],
      ['eventId', { type: 'thumbs', score: 1, eventId: 'evt\u0000' }, 'eventId'],
      ['context.source', { type: 'thumbs', score: 1, context: { source: 'wid\u0000get' } }, 'context.source'],
      [
        'any member of context',
        { type: 'thumbs', score: 1, context: { page: { title: 'v\u0000' } } },
        'context.page.title',
      ],
    ])('rejects a NUL character in %s on every database', async (_label, fields, path) => {
      const problem = await expectProblem(
        await collect({ inboxKey: inbox.inboxKey, ...fields }),
        400,
        'validation_failed',
      );
      expect(errorPaths(problem)).toEqual([path]);
    });

    it('names a context key holding NUL, and stores nothing', async () => {
      const before = (await rowsIn(bed().orgA, inbox.id)).length;
      const problem = await expectProblem(
        await collect({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 1, context: { 'k\u0000': 'v' } }),
        400,
        'validation_failed',
      );
      expect(problem.errors).toEqual([
        { path: 'context.k\u0000', message: 'This key must not contain the NUL character (U+0000).' },
      ]);
      expect(await rowsIn(bed().orgA, inbox.id)).toHaveLength(before);
    });

    it('does not let one bad submission fail the others committed alongside it', async () => {
      const before = (await rowsIn(bed().orgA, inbox.id)).length;
      const [bad, ...good] = await Promise.all([
        collect({ inboxKey: inbox.inboxKey, type: 'text', comment: 'a\u0000b' }),
        ...Array.from({ length: 5 }, () => collect({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 1 })),
      ]);
      expect(bad?.status).toBe(400);
      expect(good.map((response) => response.status)).toEqual([201, 201, 201, 201, 201]);
      expect(await rowsIn(bed().orgA, inbox.id)).toHaveLength(before + 5);
    });

    it('answers malformed JSON with 400 malformed_json', async () => {
      await expectProblem(
        await bed().request('/collect', {
          method: 'POST',
          key: bed().orgA.collectKey,
          headers: { 'content-type': 'application/json' },
          body: `{"inboxKey": "${inbox.inboxKey}", "type": `,
        }),
        400,
        'malformed_json',
      );
    });

    it.each([
      ['text/plain', { 'content-type': 'text/plain' }],
      ['form data', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['no content type', {}],
    ])('answers a non-JSON body (%s) with 415 unsupported_media_type', async (_label, headers) => {
      const before = (await rowsIn(bed().orgA, inbox.id)).length;
      await expectProblem(
        await bed().request('/collect', {
          method: 'POST',
          key: bed().orgA.collectKey,
          headers,
          body: JSON.stringify({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 1 }),
        }),
        415,
        'unsupported_media_type',
      );
      expect(await rowsIn(bed().orgA, inbox.id)).toHaveLength(before);
    });

    it.each(['/collect', '/v1/collect'])(
      'answers a body over 64 KB on %s with 413 and stores nothing',
      async (path) => {
        const before = (await rowsIn(bed().orgA, inbox.id)).length;
        const body = { inboxKey: inbox.inboxKey, type: 'text', comment: 'x'.repeat(64 * 1024) };
        expect(JSON.stringify(body).length).toBeGreaterThan(64 * 1024);
        await expectProblem(await collect(body, { path }), 413, 'payload_too_large');
        expect(await rowsIn(bed().orgA, inbox.id)).toHaveLength(before);
      },
    );

    it('lets a body just under 64 KB through to validation', async () => {
      // 60 KB is under the transport limit, so the answer is the field rule, not 413.
      const problem = await expectProblem(
        await collect({ inboxKey: inbox.inboxKey, type: 'text', comment: 'x'.repeat(60 * 1024) }),
        400,
        'validation_failed',
      );
      expect(errorPaths(problem)).toEqual(['comment']);
    });
  });

  describe('inbox routing', () => {
    it('answers an unknown inboxKey with 404 inbox_not_found', async () => {
      await expectProblem(
        await collect({ inboxKey: 'ibx_doesnotexist', type: 'thumbs', score: 1 }),
        404,
        'inbox_not_found',
      );
    });

    it('answers an inboxKey with a NUL character with 400, not a server error', async () => {
      const problem = await expectProblem(
        await collect({ inboxKey: `${inbox.inboxKey}\u0000`, type: 'thumbs', score: 1 }),
        400,
        'validation_failed',
      );
      expect(errorPaths(problem)).toEqual(['inboxKey']);
    });

    it("answers another organization's inboxKey with 404 and stores nothing in either organization", async () => {
      const { orgA, orgB } = bed();
      const beforeA = (await listAllFeedback(bed(), orgA.organization.id, orgA.adminKey)).length;
      const beforeB = (await listAllFeedback(bed(), orgB.organization.id, orgB.adminKey)).length;
      const problem = await expectProblem(
        await collect({ inboxKey: orgB.inbox.inboxKey, type: 'thumbs', score: 1 }, { key: orgA.collectKey }),
        404,
        'inbox_not_found',
      );
      // The answer must not reveal that the inbox exists elsewhere.
      expect(problem.detail).not.toContain(orgB.organization.id);
      expect(await listAllFeedback(bed(), orgA.organization.id, orgA.adminKey)).toHaveLength(beforeA);
      expect(await listAllFeedback(bed(), orgB.organization.id, orgB.adminKey)).toHaveLength(beforeB);
    });
  });

  describe('authentication', () => {
    const valid = () => ({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 1 });

    it('answers a request without a key with 401 missing_api_key', async () => {
      const response = await bed().request('/collect', { method: 'POST', json: valid() });
      expect(response.headers.get('www-authenticate')).toContain('X-Service-Key');
      await expectProblem(response, 401, 'missing_api_key');
    });

    it.each([
      ['garbage', () => 'not-a-key'],
      ['a well-formed key that does not exist', () => `hb_${'0'.repeat(26)}_${'a'.repeat(32)}`],
      [
        'a real key id with the wrong secret',
        () => `${bed().orgA.collectKey.slice(0, -1)}${bed().orgA.collectKey.endsWith('A') ? 'B' : 'A'}`,
      ],
    ])('answers %s with 401 invalid_api_key', async (_label, key) => {
      await expectProblem(await collect(valid(), { key: key() }), 401, 'invalid_api_key');
    });

    it('accepts the key as Authorization: Bearer', async () => {
      const response = await bed().request('/collect', {
        method: 'POST',
        headers: { authorization: `Bearer ${bed().orgA.collectKey}` },
        json: valid(),
      });
      await expectJson<Collected>(response, 201);
    });

    it('answers a revoked key with 401 revoked_api_key on the very next request', async () => {
      const key = await createApiKey(bed(), bed().orgA, { name: 'to revoke', scopes: ['collect'] });
      await expectJson(await collect(valid(), { key: key.secret }), 201);

      const revoked = await expectJson<{ revokedAt: string | null }>(
        await bed().request(`/organizations/${bed().orgA.organization.id}/api-keys/${key.id}/revoke`, {
          method: 'POST',
          key: bed().orgA.adminKey,
        }),
        200,
      );
      expect(revoked.revokedAt).toEqual(expect.any(String));

      const before = (await rowsIn(bed().orgA, inbox.id)).length;
      await expectProblem(await collect(valid(), { key: key.secret }), 401, 'revoked_api_key');
      expect(await rowsIn(bed().orgA, inbox.id)).toHaveLength(before);
    });

    describe('expiry', () => {
      afterEach(() => {
        vi.useRealTimers();
      });

      it('answers a key past its expiresAt with 401 expired_api_key', async () => {
        const expiresAt = new Date(Date.now() + 60 * 60 * 1000);
        const key = await createApiKey(bed(), bed().orgA, {
          name: 'short-lived',
          scopes: ['collect'],
          expiresAt: expiresAt.toISOString(),
        });
        expect(key.expiresAt).toBe(expiresAt.toISOString());

        // Only the clock is faked: the database and the event loop keep running for real.
        vi.useFakeTimers({ toFake: ['Date'] });
        vi.setSystemTime(expiresAt.getTime() - 1);
        await expectJson(await collect(valid(), { key: key.secret }), 201);

        vi.setSystemTime(expiresAt);
        await expectProblem(await collect(valid(), { key: key.secret }), 401, 'expired_api_key');
        vi.setSystemTime(expiresAt.getTime() + 24 * 60 * 60 * 1000);
        await expectProblem(await collect(valid(), { key: key.secret }), 401, 'expired_api_key');
      });
    });

    it('answers a key without the collect scope with 403 insufficient_scope and stores nothing', async () => {
      const readOnly = await createApiKey(bed(), bed().orgA, { name: 'reader', scopes: ['read', 'write'] });
      const before = (await rowsIn(bed().orgA, inbox.id)).length;
      const problem = await expectProblem(await collect(valid(), { key: readOnly.secret }), 403, 'insufficient_scope');
      expect(problem.requiredScope).toBe('collect');
      expect(await rowsIn(bed().orgA, inbox.id)).toHaveLength(before);
    });
  });

  describe('idempotency', () => {
    let idemInbox: CreatedInbox;
    beforeAll(async () => {
      idemInbox = await createInbox(bed(), bed().orgA, { name: 'idempotency tests' });
    });

    it('stores a repeated Idempotency-Key once and answers the repeat with the first id', async () => {
      const before = await rowsIn(bed().orgA, idemInbox.id);
      const body = { inboxKey: idemInbox.inboxKey, type: 'stars', score: 5 };
      const headers = { 'Idempotency-Key': `order-${crypto.randomUUID()}` };

      const first = await collect(body, { headers });
      expect(first.headers.get('idempotent-replayed')).toBeNull();
      const firstBody = await expectJson<Collected>(first, 201);

      const second = await collect(body, { headers });
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      const secondBody = await expectJson<Collected>(second, 201);

      expect(secondBody).toEqual(firstBody);
      const after = await rowsIn(bed().orgA, idemInbox.id);
      expect(after).toHaveLength(before.length + 1);
      expect(await outboxEventsFor(bed(), firstBody.id)).toHaveLength(1);
    });

    it('treats the body eventId like an Idempotency-Key', async () => {
      const before = await rowsIn(bed().orgA, idemInbox.id);
      const body = { inboxKey: idemInbox.inboxKey, type: 'csat', score: 3, eventId: `evt-${crypto.randomUUID()}` };

      const first = await expectJson<Collected>(await collect(body), 201);
      const second = await collect(body);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(await expectJson<Collected>(second, 201)).toEqual(first);
      expect(await rowsIn(bed().orgA, idemInbox.id)).toHaveLength(before.length + 1);
    });

    it('stores submissions without a key every time', async () => {
      const before = await rowsIn(bed().orgA, idemInbox.id);
      const body = { inboxKey: idemInbox.inboxKey, type: 'thumbs', score: 1 };
      const first = await expectJson<Collected>(await collect(body), 201);
      const second = await expectJson<Collected>(await collect(body), 201);
      expect(second.id).not.toBe(first.id);
      expect(await rowsIn(bed().orgA, idemInbox.id)).toHaveLength(before.length + 2);
    });

    it('stores ten concurrent submissions with one Idempotency-Key exactly once', async () => {
      const before = await rowsIn(bed().orgA, idemInbox.id);
      const headers = { 'Idempotency-Key': `burst-${crypto.randomUUID()}` };
      const body = { inboxKey: idemInbox.inboxKey, type: 'emoji', score: 2 };

      const responses = await Promise.all(Array.from({ length: 10 }, () => collect(body, { headers })));
      const bodies = await Promise.all(responses.map((response) => expectJson<Collected>(response, 201)));

      expect(new Set(bodies.map((created) => created.id)).size).toBe(1);
      const replayed = responses.filter((response) => response.headers.get('idempotent-replayed') === 'true');
      expect(replayed).toHaveLength(9);
      const after = await rowsIn(bed().orgA, idemInbox.id);
      expect(after).toHaveLength(before.length + 1);
      expect(after.map((row) => row.id)).toContain(bodies[0]?.id);
      expect(await outboxEventsFor(bed(), bodies[0]?.id ?? '')).toHaveLength(1);
    });

    it('stores ten concurrent submissions with distinct keys ten times', async () => {
      const before = await rowsIn(bed().orgA, idemInbox.id);
      const responses = await Promise.all(
        Array.from({ length: 10 }, (_, index) =>
          collect(
            { inboxKey: idemInbox.inboxKey, type: 'nps', score: index },
            { headers: { 'Idempotency-Key': `distinct-${index}-${crypto.randomUUID()}` } },
          ),
        ),
      );
      const bodies = await Promise.all(responses.map((response) => expectJson<Collected>(response, 201)));
      expect(new Set(bodies.map((created) => created.id)).size).toBe(10);
      expect(responses.every((response) => response.headers.get('idempotent-replayed') === null)).toBe(true);
      expect(await rowsIn(bed().orgA, idemInbox.id)).toHaveLength(before.length + 10);
    });

    it('keeps idempotency keys per organization', async () => {
      const { orgA, orgB } = bed();
      const headers = { 'Idempotency-Key': `shared-${crypto.randomUUID()}` };
      const inA = await expectJson<Collected>(
        await collect({ inboxKey: idemInbox.inboxKey, type: 'thumbs', score: 1 }, { headers }),
        201,
      );
      const responseB = await collect(
        { inboxKey: orgB.inbox.inboxKey, type: 'thumbs', score: 0 },
        { key: orgB.collectKey, headers },
      );
      expect(responseB.headers.get('idempotent-replayed')).toBeNull();
      const inB = await expectJson<Collected>(responseB, 201);

      expect(inB.id).not.toBe(inA.id);
      await expectJson(await getFeedback(orgB, inB.id), 200);
      await expectProblem(await getFeedback(orgB, inA.id), 404, 'not_found');
      await expectProblem(await getFeedback(orgA, inB.id), 404, 'not_found');
    });
  });

  describe('CORS', () => {
    it('allows a browser preflight for /collect with the key, content type and idempotency headers', async () => {
      const response = await bed().request('/collect', {
        method: 'OPTIONS',
        headers: {
          origin: 'https://shop.example',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'x-service-key, content-type, idempotency-key',
        },
      });
      expect(response.status).toBe(204);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-allow-methods')?.split(',')).toContain('POST');
      const allowed = (response.headers.get('access-control-allow-headers') ?? '')
        .split(',')
        .map((header) => header.trim().toLowerCase());
      expect(allowed).toEqual(expect.arrayContaining(['x-service-key', 'content-type', 'idempotency-key']));
    });

    it('lets browser code read the replay and rate-limit headers', async () => {
      const response = await collect(
        { inboxKey: inbox.inboxKey, type: 'thumbs', score: 1 },
        { headers: { origin: 'https://shop.example' } },
      );
      expect(response.status).toBe(201);
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      const exposed = (response.headers.get('access-control-expose-headers') ?? '').toLowerCase().split(',');
      expect(exposed).toEqual(
        expect.arrayContaining(['idempotent-replayed', 'retry-after', 'ratelimit-limit', 'ratelimit-remaining']),
      );
    });
  });

  describe('monthly event allowance', () => {
    const bootstrapStarter = (name: string) =>
      bed().runtime.services.organizations.bootstrap({ name, plan: 'starter' });
    const usageOf = async (org: BootstrappedOrganization) =>
      (
        await expectJson<{ usage: { events: number; eventsLimit: number | null } }>(
          await bed().request(`/organizations/${org.organization.id}`, { key: org.adminKey }),
          200,
        )
      ).usage;

    it('accepts the last event of the starter allowance, then answers 429 event_limit_reached', async () => {
      await clearOfDayChange();
      const starter = await bootstrapStarter('Starter Co');
      await bed().runtime.store.usage.increment(starter.organization.id, usagePeriod(), 'events', 4999);
      const body = { inboxKey: starter.inbox.inboxKey, type: 'thumbs', score: 1 };

      const accepted = await expectJson<Collected>(await collect(body, { key: starter.collectKey }), 201);

      const refused = await collect(body, { key: starter.collectKey });
      const resetAt = nextPeriodStart();
      const problem = await expectProblem(refused, 429, 'event_limit_reached');
      expect(problem).toMatchObject({ limit: 5000, plan: 'starter', resetAt: resetAt.toISOString() });
      expect(new Date(resetAt).getUTCDate()).toBe(1);

      const retryAfter = Number(refused.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter)).toBe(true);
      const secondsToReset = (resetAt.getTime() - Date.now()) / 1000;
      expect(retryAfter).toBeGreaterThan(0);
      expect(Math.abs(retryAfter - secondsToReset)).toBeLessThanOrEqual(5);
      expect(refused.headers.get('ratelimit-limit')).toBe('5000');
      expect(refused.headers.get('ratelimit-remaining')).toBe('0');
      expect(refused.headers.get('ratelimit-reset')).toBe(String(retryAfter));

      // The refused event left no trace: one row, one event, and the counter stops at the cap.
      const rows = await listAllFeedback(bed(), starter.organization.id, starter.adminKey);
      expect(rows.map((row) => row.id)).toEqual([accepted.id]);
      expect(await usageOf(starter)).toMatchObject({ events: 5000, eventsLimit: 5000 });
      const events = await bed()
        .runtime.database.db.selectFrom('outbox')
        .select('type')
        .where('org_id', '=', starter.organization.id)
        .execute();
      expect(events).toEqual([{ type: 'feedback.created' }]);
    });

    it('still answers a retry of an accepted event once the allowance is spent', async () => {
      await clearOfDayChange();
      const starter = await bootstrapStarter('Starter Retry Co');
      await bed().runtime.store.usage.increment(starter.organization.id, usagePeriod(), 'events', 4999);
      const body = { inboxKey: starter.inbox.inboxKey, type: 'stars', score: 3, eventId: 'checkout-1' };

      const accepted = await expectJson<Collected>(await collect(body, { key: starter.collectKey }), 201);
      const retried = await collect(body, { key: starter.collectKey });
      expect(retried.headers.get('idempotent-replayed')).toBe('true');
      expect(await expectJson<Collected>(retried, 201)).toEqual(accepted);
      await expectProblem(
        await collect({ ...body, eventId: 'checkout-2' }, { key: starter.collectKey }),
        429,
        'event_limit_reached',
      );
    });

    it('splits a concurrent burst at the cap: exactly the remaining room is stored', async () => {
      await clearOfDayChange();
      const starter = await bootstrapStarter('Starter Burst Co');
      await bed().runtime.store.usage.increment(starter.organization.id, usagePeriod(), 'events', 4998);

      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, index) =>
          collect({ inboxKey: starter.inbox.inboxKey, type: 'nps', score: index }, { key: starter.collectKey }),
        ),
      );
      const statuses = responses.map((response) => response.status).sort();
      expect(statuses).toEqual([201, 201, 429, 429, 429, 429]);
      expect(await listAllFeedback(bed(), starter.organization.id, starter.adminKey)).toHaveLength(2);
      expect(await usageOf(starter)).toMatchObject({ events: 5000 });
    });

    it('does not count against other organizations', async () => {
      await clearOfDayChange();
      const starter = await bootstrapStarter('Starter Full Co');
      await bed().runtime.store.usage.increment(starter.organization.id, usagePeriod(), 'events', 5000);
      await expectProblem(
        await collect({ inboxKey: starter.inbox.inboxKey, type: 'thumbs', score: 1 }, { key: starter.collectKey }),
        429,
        'event_limit_reached',
      );
      await expectJson(await collect({ inboxKey: inbox.inboxKey, type: 'thumbs', score: 1 }), 201);
    });
  });
});
