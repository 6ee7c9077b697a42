import { describe, expect, it } from 'vitest';
import type { Feedback } from '../domain/feedback.js';
import type { LoggedEvent, StreamPosition } from '../storage/repositories/outbox.js';
import { FeedbackSubscription, type FeedbackSubscriptionOptions } from './feedback-subscription.js';

const ORG = 'org_a';

function event(seq: number, changes: Partial<Feedback> = {}, type = 'feedback.created'): LoggedEvent {
  const feedback: Feedback = {
    id: `fb_${seq}`,
    orgId: ORG,
    inboxId: 'inb_1',
    brandId: null,
    type: 'text',
    score: null,
    comment: `comment ${seq}`,
    context: {},
    source: null,
    status: 'new',
    issueLink: null,
    assigneeId: null,
    tags: [],
    createdAt: '2026-11-25T10:00:00.000Z',
    updatedAt: '2026-11-25T10:00:00.000Z',
    ...changes,
  };
  return {
    id: `evt_${seq}`,
    orgId: feedback.orgId,
    type,
    data: feedback,
    createdAt: feedback.createdAt,
    seq,
    position: { tx: '0', seq },
  };
}

/** A log of events read a page at a time, as the outbox is. */
function subscriptionOver(log: LoggedEvent[], options: Partial<FeedbackSubscriptionOptions> = {}) {
  const reads: StreamPosition[] = [];
  const pageSize = options.pageSize ?? 2;
  const subscription = new FeedbackSubscription({
    scope: { orgId: ORG, brandId: null },
    filters: {},
    after: { tx: '0', seq: 0 },
    pageSize,
    heartbeatMs: 10_000,
    maxQueued: 100,
    readPage: async (after) => {
      reads.push(after);
      return log.filter((logged) => logged.seq > after.seq).slice(0, pageSize);
    },
    ...options,
  });
  return { subscription, reads };
}

async function ids(subscription: FeedbackSubscription, count: number): Promise<string[]> {
  const taken: string[] = [];
  while (taken.length < count) {
    const events = await subscription.next();
    if (events === null) break;
    taken.push(...events.map((streamed) => streamed.feedback.id));
  }
  return taken;
}

describe('FeedbackSubscription', () => {
  it('catches up page by page, then sends what the tail delivered meanwhile, each event once', async () => {
    const log = [1, 2, 3, 4, 5].map((seq) => event(seq));
    const { subscription, reads } = subscriptionOver(log);
    // The tail read 4 and 5 (and 6, newer than the catch-up's reads) while the catch-up ran.
    subscription.deliver([event(4), event(5), event(6)]);
    expect(await ids(subscription, 6)).toEqual(['fb_1', 'fb_2', 'fb_3', 'fb_4', 'fb_5', 'fb_6']);
    expect(reads.map((position) => position.seq)).toEqual([0, 2, 4]);
    subscription.deliver([event(5), event(6), event(7)]);
    expect(await ids(subscription, 1)).toEqual(['fb_7']);
  });

  it('leaves out other organizations, other brands, other event types and items the filters refuse', async () => {
    const { subscription } = subscriptionOver([], {
      scope: { orgId: ORG, brandId: 'brd_1' },
      filters: { type: 'nps', scoreMin: 9 },
    });
    subscription.deliver([
      event(1, { orgId: 'org_b', brandId: 'brd_1', type: 'nps', score: 10 }),
      event(2, { brandId: 'brd_2', type: 'nps', score: 10 }),
      event(3, { brandId: 'brd_1', type: 'nps', score: 10 }, 'page_response.created'),
      event(4, { brandId: 'brd_1', type: 'nps', score: 3 }),
      event(5, { brandId: 'brd_1', type: 'nps', score: 9 }),
    ]);
    expect(await ids(subscription, 1)).toEqual(['fb_5']);
  });

  it.each([
    ['catching up', false],
    ['live', true],
  ])('ends as lagging when more events wait than it may hold (%s), and sends nothing more', async (_, live) => {
    const { subscription } = subscriptionOver([], { maxQueued: 3, heartbeatMs: 20 });
    if (live) expect(await subscription.next()).toEqual([]);
    subscription.deliver([1, 2, 3].map((seq) => event(seq)));
    expect(subscription.ended).toBeUndefined();
    subscription.deliver([event(4)]);
    expect(subscription.ended).toBe('lagging');
    expect(await subscription.next()).toBeNull();
  });

  it('answers an empty batch when nothing came within the heartbeat interval', async () => {
    const { subscription } = subscriptionOver([], { heartbeatMs: 20 });
    expect(await subscription.next()).toEqual([]);
  });

  it('ends on shutdown, waking a writer that waits', async () => {
    const { subscription } = subscriptionOver([]);
    const waiting = subscription.next();
    // The catch-up (an empty log) done, it waits for the tail.
    await new Promise((resolve) => setImmediate(resolve));
    subscription.end();
    expect(await waiting).toBeNull();
    expect(subscription.ended).toBe('shutdown');
  });
});
