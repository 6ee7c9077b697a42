import type { EventType } from '@hearback/inputs';
import { EVENT_REGISTRY } from '@hearback/inputs';
import { describe, expect, it } from 'vitest';
import type { AutomationFilter } from './automation.js';
import { automationMatches } from './automation-match.js';

const feedback = { ...EVENT_REGISTRY['feedback.created'].sample, score: 4, type: 'stars', source: 'widget' };
const created = { type: 'feedback.created', data: feedback };

function matches(
  filter: AutomationFilter,
  events: EventType[] = ['feedback.created'],
  envelope: { type: string; data: unknown } = created,
) {
  return automationMatches({ events, filter }, envelope);
}

describe('automationMatches', () => {
  it('takes the event types the automation subscribes to, and only those', () => {
    expect(matches({})).toBe(true);
    expect(matches({}, ['feedback.updated'])).toBe(false);
    expect(matches({}, ['feedback.updated', 'feedback.created'])).toBe(true);
    expect(matches({}, ['feedback.created'], { type: 'feedback.deleted', data: feedback })).toBe(false);
  });

  it('checks each filter member against the feedback in data', () => {
    expect(matches({ inboxId: feedback.inboxId })).toBe(true);
    expect(matches({ inboxId: 'inb_01jd3x2k9v6c4h8m2n5p7q1r3t' })).toBe(false);
    expect(matches({ type: 'stars' })).toBe(true);
    expect(matches({ type: 'nps' })).toBe(false);
    expect(matches({ source: 'widget' })).toBe(true);
    expect(matches({ source: 'Widget' })).toBe(false);
  });

  it('bounds the score on both sides, inclusive', () => {
    expect(matches({ scoreMin: 4, scoreMax: 4 })).toBe(true);
    expect(matches({ scoreMin: 5 })).toBe(false);
    expect(matches({ scoreMax: 3 })).toBe(false);
    expect(matches({ scoreMin: 1, scoreMax: 5 })).toBe(true);
  });

  it('lets no item without a score through a score filter', () => {
    const text = { type: 'feedback.created', data: { ...feedback, type: 'text', score: null } };
    expect(matches({ scoreMax: 10 }, ['feedback.created'], text)).toBe(false);
    expect(matches({ scoreMin: 0 }, ['feedback.created'], text)).toBe(false);
    expect(matches({ type: 'text' }, ['feedback.created'], text)).toBe(true);
  });

  it('needs every member to pass', () => {
    expect(matches({ type: 'stars', scoreMin: 4, source: 'widget', inboxId: feedback.inboxId })).toBe(true);
    expect(matches({ type: 'stars', scoreMin: 4, source: 'email' })).toBe(false);
  });

  it('matches a page response on its type alone: the filter is about feedback', () => {
    const response = { type: 'page_response.created', data: EVENT_REGISTRY['page_response.created'].sample };
    expect(matches({ scoreMin: 9, type: 'nps' }, ['page_response.created'], response)).toBe(true);
    expect(matches({}, ['feedback.created'], response)).toBe(false);
  });
});
