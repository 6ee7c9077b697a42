import { afterEach, describe, expect, it } from 'vitest';
import {
  createApiKey,
  createInbox,
  errorPaths,
  expectJson,
  expectProblem,
  type FeedbackItem,
} from '../../../test/support/api-assertions.js';
import { within } from '../../../test/support/async.js';
import { type EventStreamReader, readEventStream } from '../../../test/support/event-stream.js';
import { describeEachDatabase } from '../../../test/support/harness.js';
import { positionOfStreamEventId } from '../../domain/stream-event-id.js';
import { comparePositions, type StreamPosition } from '../../storage/repositories/outbox.js';

const HEARTBEAT_MS = 150;

function positionOf(id: string | undefined): StreamPosition {
  const position = id === undefined ? undefined : positionOfStreamEventId(id);
  if (!position) throw new Error(`not an event id: ${id}`);
  return position;
}

describeEachDatabase(
  'GET /organizations/:orgId/feedback/stream',
  (bed) => {
    const open: EventStreamReader[] = [];
    afterEach(async () => {
      for (const stream of open.splice(0)) await stream.close();
    });

    const streamPath = (orgId = bed().orgA.organization.id, query = '') =>
      `/organizations/${orgId}/feedback/stream${query && `?${query}`}`;

    async function connect(
      options: { key?: string; orgId?: string; query?: string; headers?: Record<string, string> } = {},
    ): Promise<EventStreamReader> {
      const response = await bed().request(streamPath(options.orgId, options.query), {
        key: options.key ?? bed().orgA.adminKey,
        headers: options.headers,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/^text\/event-stream/);
      const stream = readEventStream(response);
      open.push(stream);
      // The hint comes first: once it is read, the stream is subscribed.
      await stream.retry();
      return stream;
    }

    async function submit(
      item: { type: string; score?: number; comment?: string; inboxKey?: string; source?: string },
      org = bed().orgA,
      key = org.collectKey,
    ): Promise<string> {
      const { inboxKey = org.inbox.inboxKey, source, ...rest } = item;
      const response = await bed().request('/collect', {
        method: 'POST',
        key,
        json: { inboxKey, ...rest, ...(source && { context: { source } }) },
      });
      return (await expectJson<{ id: string }>(response, 201)).id;
    }

    async function getItem(id: string): Promise<FeedbackItem> {
      const response = await bed().request(`/organizations/${bed().orgA.organization.id}/feedback/${id}`, {
        key: bed().orgA.adminKey,
      });
      return expectJson<FeedbackItem>(response, 200);
    }

    it('sends each new item as feedback.created, in order, with ids, the item as the API returns it', async () => {
      const stream = await connect();
      const ids = [
        await submit({ type: 'nps', score: 9, comment: 'Great support' }),
        await submit({ type: 'text', comment: 'Dark mode please' }),
        await submit({ type: 'stars', score: 2 }),
      ];
      const events = await stream.take(3);
      expect(events.map((event) => event.event)).toEqual(['feedback.created', 'feedback.created', 'feedback.created']);
      const items = events.map((event) => JSON.parse(event.data) as FeedbackItem);
      expect(items.map((item) => item.id)).toEqual(ids);
      for (const item of items) expect(item).toEqual(await getItem(item.id));
      const positions = events.map((event) => positionOf(event.id));
      expect(comparePositions(positions[0] as StreamPosition, positions[1] as StreamPosition)).toBeLessThan(0);
      expect(comparePositions(positions[1] as StreamPosition, positions[2] as StreamPosition)).toBeLessThan(0);
    });

    it('sends a triage change as feedback.updated, carrying the item after the change', async () => {
      const id = await submit({ type: 'text', comment: 'Export is broken' });
      const stream = await connect();
      const response = await bed().request(`/organizations/${bed().orgA.organization.id}/feedback/${id}`, {
        method: 'PATCH',
        key: bed().orgA.adminKey,
        json: { status: 'in_progress' },
      });
      const updated = await expectJson<FeedbackItem>(response, 200);
      const event = await stream.next();
      expect(event.event).toBe('feedback.updated');
      expect(JSON.parse(event.data)).toEqual(updated);
      expect(updated.status).toBe('in_progress');
    });

    it('starts at the present: what was collected before connecting is not sent', async () => {
      await submit({ type: 'text', comment: 'before' });
      const stream = await connect();
      const after = await submit({ type: 'text', comment: 'after' });
      expect(JSON.parse((await stream.next()).data).id).toBe(after);
    });

    it('applies the list filters: only matching items are sent', async () => {
      const stream = await connect({ query: 'type=nps&scoreMin=9&q=SUPPORT' });
      await submit({ type: 'nps', score: 3, comment: 'support was slow' });
      await submit({ type: 'stars', score: 5, comment: 'support rocks' });
      await submit({ type: 'nps', score: 10, comment: 'no comment on that' });
      const match = await submit({ type: 'nps', score: 10, comment: 'Support was great' });
      const event = await stream.next();
      expect(JSON.parse(event.data).id).toBe(match);
    });

    it("a brand-scoped key receives its brand's items only", async () => {
      const orgId = bed().orgA.organization.id;
      const brand = await expectJson<{ id: string }>(
        await bed().request(`/organizations/${orgId}/brands`, {
          method: 'POST',
          key: bed().orgA.adminKey,
          json: { name: 'Streamed brand' },
        }),
        201,
      );
      const inbox = await createInbox(bed(), bed().orgA, { brandId: brand.id });
      const key = await createApiKey(bed(), bed().orgA, { scopes: ['read'], brandId: brand.id });
      const stream = await connect({ key: key.secret });
      await submit({ type: 'text', comment: 'no brand' });
      const branded = await submit({ type: 'text', comment: 'branded', inboxKey: inbox.inboxKey });
      const item = JSON.parse((await stream.next()).data) as FeedbackItem;
      expect(item).toMatchObject({ id: branded, brandId: brand.id });
    });

    it("another organization's stream receives none of these items", async () => {
      const stream = await connect({ key: bed().orgB.adminKey, orgId: bed().orgB.organization.id });
      await submit({ type: 'text', comment: 'for org A only' });
      const own = await submit({ type: 'text', comment: 'org B' }, bed().orgB);
      const item = JSON.parse((await stream.next()).data) as FeedbackItem;
      expect(item.id).toBe(own);
      expect(item.orgId).toBe(bed().orgB.organization.id);
    });

    it("answers 404 for another organization's stream", async () => {
      const response = await bed().request(streamPath(), { key: bed().orgB.adminKey });
      await expectProblem(response, 404, 'not_found');
    });

    it.each([
      ['the Last-Event-ID header', (id: string) => ({ headers: { 'last-event-id': id } })],
      ['?lastEventId=', (id: string) => ({ query: `lastEventId=${encodeURIComponent(id)}` })],
    ])('resumes after %s: what came meanwhile, once, then what comes next', async (_, resume) => {
      const first = await connect();
      const seen = await submit({ type: 'text', comment: 'seen' });
      const seenEvent = await first.next();
      expect(JSON.parse(seenEvent.data).id).toBe(seen);
      await first.close();

      const missed = [
        await submit({ type: 'text', comment: 'missed 1' }),
        await submit({ type: 'text', comment: 'missed 2' }),
      ];
      const resumed = await connect(resume(seenEvent.id ?? ''));
      const replayed = await resumed.take(2);
      expect(replayed.map((event) => JSON.parse(event.data).id)).toEqual(missed);
      const live = await submit({ type: 'text', comment: 'live' });
      expect(JSON.parse((await resumed.next()).data).id).toBe(live);
    });

    it('refuses a Last-Event-ID it did not write, with 400', async () => {
      const response = await bed().request(streamPath(), {
        key: bed().orgA.adminKey,
        headers: { 'last-event-id': 'evt_123' },
      });
      const problem = await expectProblem(response, 400, 'validation_failed');
      expect(errorPaths(problem).join()).toContain('last-event-id');
    });

    it('sends a heartbeat comment while nothing happens', async () => {
      const stream = await connect();
      expect(await stream.nextComment(HEARTBEAT_MS * 20)).toBe('ping');
    });

    it('ends the stream once its key is revoked (by the next heartbeat)', async () => {
      const key = await createApiKey(bed(), bed().orgA, { scopes: ['read'] });
      const stream = await connect({ key: key.secret });
      const revoked = await bed().request(`/organizations/${bed().orgA.organization.id}/api-keys/${key.id}/revoke`, {
        method: 'POST',
        key: bed().orgA.adminKey,
      });
      expect(revoked.status).toBe(200);
      await within(stream.ended, HEARTBEAT_MS * 20, 'the stream outlived its key');
    });

    it('detaches a stream from the outbox reader when the client goes away', async () => {
      const { realtime } = bed().runtime;
      const before = realtime.listenerCount;
      const stream = await connect();
      expect(realtime.listenerCount).toBe(before + 1);
      await stream.close();
      await expect.poll(() => realtime.listenerCount).toBe(before);
    });
  },
  { streamHeartbeatMs: HEARTBEAT_MS, streamPollMs: 60_000 },
);

describe('stream event ids', () => {
  it('round-trip a position and refuse anything else', () => {
    expect(positionOfStreamEventId('0-42')).toEqual({ tx: '0', seq: 42 });
    expect(positionOfStreamEventId('18446744073709551615-7')).toEqual({ tx: '18446744073709551615', seq: 7 });
    expect(positionOfStreamEventId('42')).toBeUndefined();
    expect(positionOfStreamEventId('a-1')).toBeUndefined();
  });
});
