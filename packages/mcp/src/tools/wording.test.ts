import { describe, expect, it } from 'vitest';
import {
  callTool,
  connectClient,
  EMPTY_STATS,
  fakeBackend,
  feedbackRecord,
  INBOX,
} from '../../test/support/fake-backend.js';
import type { HearbackBackend } from '../backend.js';
import { UNTRUSTED_NOTICE } from '../untrusted.js';

/** The text a tool answers with, for a backend answering as `overrides` say. */
async function textOf(overrides: Partial<HearbackBackend>, name: string, args: Record<string, unknown> = {}) {
  const result = await callTool(await connectClient(fakeBackend(overrides).backend), name, args);
  expect(result.isError, JSON.stringify(result.content)).toBeFalsy();
  return (result.content[0] as { text: string }).text;
}

const page =
  <T>(data: T[], nextCursor: string | null = null) =>
  async () => ({ data, nextCursor });
const items = (count: number) => Array.from({ length: count }, (_, index) => feedbackRecord({ id: `fb_${index + 1}` }));

/** No "(s)", "(es)", "n/a" or a lower-case type acronym anywhere in what a person reads. */
function expectPlainWords(text: string) {
  expect(text).not.toMatch(/\((s|es)\)|n\/a|\bnps\b|\bcsat\b/);
}

describe('tool output reads as a person would write it', () => {
  describe('get_feedback', () => {
    it('by id: that item, not a list summary', async () => {
      const text = await textOf({}, 'get_feedback', { id: 'fb_9' });
      expect(text.split('\n')[0]).toBe('Feedback fb_9:');
      expect(text).toContain(UNTRUSTED_NOTICE);
      expect(text).toContain('fb_9 · NPS 9 · status new');
      expect(text).not.toMatch(/item|newest first|No more/);
    });

    it('none, one and many', async () => {
      expect(await textOf({ listFeedback: page([]) }, 'get_feedback')).toBe('No feedback matches.');
      const one = await textOf({ listFeedback: page(items(1)) }, 'get_feedback');
      expect(one.split('\n')[0]).toBe('One feedback item matches.');
      expect(one).toContain('\nfb_1 · NPS 9');
      const many = await textOf({ listFeedback: page(items(3)) }, 'get_feedback');
      expect(many.split('\n')[0]).toBe('3 feedback items match, newest first.');
      expect(many).toContain('\n3. fb_3 · NPS 9');
      for (const text of [one, many]) expectPlainWords(text);
    });

    it('a page with more after it says how to read on', async () => {
      const one = await textOf({ listFeedback: page(items(1), 'c1') }, 'get_feedback', { limit: 1 });
      expect(one.split('\n')[0]).toBe('1 feedback item on this page. More items exist: call again with cursor "c1".');
      const many = await textOf({ listFeedback: page(items(2), 'c2') }, 'get_feedback', { limit: 2 });
      expect(many.split('\n')[0]).toBe(
        '2 feedback items on this page, newest first. More items exist: call again with cursor "c2".',
      );
    });
  });

  describe('get_feedback_stats', () => {
    it('none: says there is no feedback, without empty figures', async () => {
      expect(await textOf({}, 'get_feedback_stats')).toBe('No feedback so far.');
      const since = await textOf(
        { getFeedbackStats: async (filters) => ({ ...EMPTY_STATS, range: { from: filters.from ?? null, to: null } }) },
        'get_feedback_stats',
        { from: '2026-11-01' },
      );
      expect(since).toBe('No feedback since 2026-11-01.');
    });

    it('one: singular words, and no CSAT figure without CSAT responses', async () => {
      const text = await textOf(
        {
          getFeedbackStats: async () => ({
            ...EMPTY_STATS,
            total: 1,
            byType: [{ type: 'nps', count: 1, averageScore: 10 }],
            bySource: [{ source: null, count: 1 }],
            byInbox: [{ inboxId: 'inb_gone', inboxName: null, count: 1 }],
            byStatus: [{ status: 'new', count: 1 }],
            nps: { score: 100, responses: 1, promoters: 1, passives: 0, detractors: 0 },
          }),
        },
        'get_feedback_stats',
      );
      expect(text).toBe(
        [
          '1 feedback item so far.',
          'NPS: 100 from 1 response (1 promoter, 0 passives, 0 detractors).',
          'CSAT: no CSAT responses.',
          'By type:',
          '  - NPS: 1, average score 10',
          'By source (end-user supplied values):',
          '  - (no source): 1',
          'By inbox:',
          '  - inb_gone: 1',
          'By status:',
          '  - new: 1',
        ].join('\n'),
      );
    });

    it('many: plural words, percentages only where there are responses', async () => {
      const text = await textOf(
        {
          getFeedbackStats: async () => ({
            ...EMPTY_STATS,
            range: { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' },
            total: 7,
            byType: [
              { type: 'csat', count: 3, averageScore: 4 },
              { type: 'text', count: 4, averageScore: null },
            ],
            bySource: [{ source: 'widget', count: 7 }],
            byInbox: [{ inboxId: 'inb_1', inboxName: 'Website', count: 7 }],
            byStatus: [{ status: 'in_progress', count: 7 }],
            csat: { score: 66.7, responses: 3, satisfied: 2 },
          }),
        },
        'get_feedback_stats',
      );
      expect(text).toBe(
        [
          '7 feedback items between 2026-11-01T00:00:00.000Z and 2026-12-01T00:00:00.000Z.',
          'NPS: no NPS responses.',
          'CSAT: 66.7% satisfied (2 of 3 responses scored 4–5).',
          'By type:',
          '  - CSAT: 3, average score 4',
          '  - Text: 4',
          'By source (end-user supplied values):',
          '  - "widget": 7',
          'By inbox:',
          '  - "Website" (inb_1): 7',
          'By status:',
          '  - in_progress: 7',
        ].join('\n'),
      );
    });
  });

  describe('list_inboxes and list_brands', () => {
    const brand = (id: string) => ({ id, name: `Brand ${id}`, createdAt: '2026-11-01T00:00:00.000Z' });

    it('none, one and many', async () => {
      expect(await textOf({ listInboxes: page([]) }, 'list_inboxes')).toBe('No inboxes are visible to this API key.');
      expect(await textOf({}, 'list_inboxes')).toBe('1 inbox:\n- inb_1 · "Website" · inboxKey ibx_website');
      const inboxes = await textOf({ listInboxes: page([INBOX, { ...INBOX, id: 'inb_2' }], 'c') }, 'list_inboxes');
      expect(inboxes.split('\n')[0]).toBe('2 inboxes on this page:');
      expect(inboxes.split('\n').at(-1)).toBe('More inboxes exist: call again with cursor "c".');

      expect(await textOf({}, 'list_brands')).toBe('No brands are visible to this API key.');
      expect(await textOf({ listBrands: page([brand('brd_1')]) }, 'list_brands')).toBe(
        '1 brand:\n- brd_1 · "Brand brd_1"',
      );
      expect(await textOf({ listBrands: page([brand('brd_1'), brand('brd_2')]) }, 'list_brands')).toBe(
        '2 brands:\n- brd_1 · "Brand brd_1"\n- brd_2 · "Brand brd_2"',
      );
    });
  });

  describe('search_feedback', () => {
    const search = (count: number, unindexed: number | null) => async () => ({
      results: items(count).map((feedback) => ({ score: 0.5, similarity: 0.5, feedback })),
      unindexed,
    });

    it('none, one and many, with the items not yet indexed counted in words', async () => {
      expect(await textOf({ searchFeedback: search(0, 0) }, 'search_feedback', { query: 'x' })).toBe(
        'No feedback matches the query.',
      );
      const one = await textOf({ searchFeedback: search(1, 1) }, 'search_feedback', { query: 'x' });
      expect(one.split('\n').slice(0, 2)).toEqual([
        'One result.',
        '1 item is not indexed by meaning yet, so only its words could match; searching again later may find more.',
      ]);
      expect(one).toContain('\n(relevance 0.50) fb_1 · NPS 9');
      const many = await textOf({ searchFeedback: search(2, 3) }, 'search_feedback', { query: 'x' });
      expect(many.split('\n').slice(0, 2)).toEqual([
        '2 results, closest first.',
        '3 items are not indexed by meaning yet, so only their words could match; searching again later may find more.',
      ]);
      expect(many).toContain('\n2. (relevance 0.50) fb_2');
      for (const text of [one, many]) expectPlainWords(text);
    });
  });

  it('submit_feedback and update_feedback_status say what happened', async () => {
    expect(await textOf({}, 'submit_feedback', { inbox: 'ibx_1', type: 'thumbs', score: 1 })).toBe(
      'Stored feedback fb_new.',
    );
    const updated = await textOf({}, 'update_feedback_status', { id: 'fb_3', status: 'resolved' });
    expect(updated.split('\n')[0]).toBe('Feedback fb_3 now has status resolved.');
    expect(updated).toContain('\nfb_3 · NPS 9 · status resolved');
  });
});
