import { describe, expect, it } from 'vitest';
import { restHookPayload } from './rest-hook-payload.js';

describe('restHookPayload', () => {
  it('is the resource itself: no envelope members around it', () => {
    const feedback = { id: 'fb_1', type: 'stars', score: 4, comment: 'Nice' };
    const payload = restHookPayload({
      id: 'evt_1',
      type: 'feedback.created',
      timestamp: '2026-11-22T10:15:00.000Z',
      data: feedback,
    });
    expect(payload).toEqual(feedback);
    expect(payload).not.toHaveProperty('data');
    expect(payload).not.toHaveProperty('timestamp');
  });
});
