import { beforeAll, expect, it } from 'vitest';
import { memberWithRole } from '../../test/support/accounts.js';
import { createBrand } from '../../test/support/api.js';
import { createInbox, expectJson, type FeedbackItem, listAllFeedback } from '../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../test/support/harness.js';
import type { Feedback, FeedbackFilters } from './feedback.js';
import { matchesFeedbackFilters } from './feedback-match.js';

interface Submission {
  type: string;
  score?: number;
  comment?: string;
  source?: string;
}

const SUBMISSIONS: readonly Submission[] = [
  { type: 'nps', score: 10, comment: 'Support was GREAT', source: 'widget' },
  { type: 'nps', score: 6, comment: 'support slow', source: 'email' },
  { type: 'nps', score: 0 },
  { type: 'stars', score: 5, comment: '100% happy_path', source: 'widget' },
  { type: 'stars', score: 1, comment: 'Crashes on upload' },
  { type: 'text', comment: 'Please add dark mode', source: 'api' },
  { type: 'text', comment: 'dark MODE again' },
  { type: 'thumbs', score: 0, source: 'widget' },
  { type: 'csat', score: 4, comment: 'ok' },
];

/**
 * The list's SQL and the stream's in-memory match must agree: each filter below is asked of both
 * on the same items (on both databases), and both must keep the same ones.
 */
describeEachDatabase('matchesFeedbackFilters agrees with the list', (bed) => {
  let items: FeedbackItem[] = [];
  let inboxId = '';
  let brandId = '';
  let key = '';
  let assigneeId = '';

  beforeAll(async () => {
    const org = bed().orgA;
    key = org.adminKey;
    // The items' inbox has a brand; the organization's first inbox (below) has none.
    brandId = (await createBrand(bed(), org, 'Match brand')).id as string;
    const inbox = await createInbox(bed(), org, { name: 'match', brandId });
    inboxId = inbox.id;
    const ids: string[] = [];
    for (const { source, ...item } of SUBMISSIONS) {
      const response = await bed().request('/collect', {
        method: 'POST',
        key: org.collectKey,
        json: { inboxKey: inbox.inboxKey, ...item, ...(source && { context: { source } }) },
      });
      ids.push((await expectJson<{ id: string }>(response, 201)).id);
    }
    // One item elsewhere (the organization's first inbox), one triaged.
    await bed().request('/collect', {
      method: 'POST',
      key: org.collectKey,
      json: { inboxKey: org.inbox.inboxKey, type: 'nps', score: 9, comment: 'support elsewhere' },
    });
    await bed().request(`/organizations/${org.organization.id}/feedback/${ids[1]}`, {
      method: 'PATCH',
      key,
      json: { status: 'triaged' },
    });
    // Two assigned to a member.
    assigneeId = (await memberWithRole(bed(), org, 'member')).userId;
    for (const id of [ids[0], ids[4]]) {
      await bed().request(`/organizations/${org.organization.id}/feedback/${id}`, {
        method: 'PATCH',
        key,
        json: { assigneeId },
      });
    }
    // Two tagged.
    for (const [id, tags] of [
      [ids[2], ['billing']],
      [ids[5], ['billing', 'bug']],
    ] as const) {
      await bed().request(`/organizations/${org.organization.id}/feedback/${id}`, {
        method: 'PATCH',
        key,
        json: { tags },
      });
    }
    items = await listAllFeedback(bed(), org.organization.id, key);
  });

  const cases: [string, () => FeedbackFilters & Record<string, string | string[] | number | boolean | undefined>][] = [
    ['no filter', () => ({})],
    ['type', () => ({ type: 'nps' })],
    ['scoreMin', () => ({ scoreMin: 5 })],
    ['scoreMax (items without a score are out)', () => ({ scoreMax: 4 })],
    ['score range', () => ({ scoreMin: 1, scoreMax: 5 })],
    ['inboxId', () => ({ inboxId })],
    ['brandId', () => ({ brandId })],
    ['source', () => ({ source: 'widget' })],
    ['status', () => ({ status: 'triaged' })],
    ['assigneeId', () => ({ assigneeId })],
    ['unassigned', () => ({ unassigned: true })],
    ['q, any case', () => ({ q: 'SUPPORT' })],
    ['q with LIKE wildcards', () => ({ q: '100%' })],
    ['q with an underscore', () => ({ q: 'y_p' })],
    ['q across case in the comment', () => ({ q: 'dark mode' })],
    ['tag (one; the query gives it as text)', () => ({ tag: ['bug'] })],
    ['from', () => ({ from: items[3]?.createdAt })],
    ['to (exclusive)', () => ({ to: items[3]?.createdAt })],
    ['everything at once', () => ({ type: 'nps', scoreMin: 1, q: 'support', inboxId, source: 'email' })],
  ];

  it.each(cases)('%s', async (_, filtersOf) => {
    const filters = filtersOf();
    const query = Object.fromEntries(
      Object.entries(filters)
        .filter((entry): entry is [string, string | string[] | number | boolean] => entry[1] !== undefined)
        .map(([name, value]) => [name, String(value)]),
    );
    const listed = await listAllFeedback(bed(), bed().orgA.organization.id, key, query);
    const matched = items.filter((item) => matchesFeedbackFilters(item as Feedback, filters));
    expect(matched.map((item) => item.id).sort()).toEqual(listed.map((item) => item.id).sort());
    // The case is not vacuous: each filter keeps some items and leaves out others (but "no filter").
    if (Object.keys(query).length > 0) {
      expect(listed.length).toBeGreaterThan(0);
      expect(listed.length).toBeLessThan(items.length);
    }
  });
});
