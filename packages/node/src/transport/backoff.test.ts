import { describe, expect, it } from 'vitest';
import { backoffDelay, parseRetryAfter, sleep } from './backoff.js';

describe('backoffDelay', () => {
  const options = { initialDelayMs: 500, maxDelayMs: 8000 };

  it('doubles per retry, between half and all of the ceiling', () => {
    expect(backoffDelay(0, options, () => 0)).toBe(250);
    expect(backoffDelay(0, options, () => 1)).toBe(500);
    expect(backoffDelay(3, options, () => 0)).toBe(2000);
    expect(backoffDelay(3, options, () => 1)).toBe(4000);
  });

  it('never exceeds maxDelayMs', () => {
    expect(backoffDelay(20, options, () => 1)).toBe(8000);
  });

  it('spreads concurrent clients out (jitter)', () => {
    const delays = new Set(Array.from({ length: 50 }, () => backoffDelay(4, options)));
    expect(delays.size).toBeGreaterThan(10);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds', () => {
    expect(parseRetryAfter('120')).toBe(120_000);
    expect(parseRetryAfter(' 0 ')).toBe(0);
  });

  it('reads an HTTP date relative to now, never negative', () => {
    const now = Date.parse('Wed, 21 Oct 2026 07:27:00 GMT');
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:28:00 GMT', now)).toBe(60_000);
    expect(parseRetryAfter('Wed, 21 Oct 2026 07:00:00 GMT', now)).toBe(0);
  });

  it('ignores an absent or unreadable value', () => {
    expect(parseRetryAfter(null)).toBeUndefined();
    expect(parseRetryAfter('soon')).toBeUndefined();
    expect(parseRetryAfter('-5')).toBeUndefined();
  });
});

describe('sleep', () => {
  it('rejects with the reason when aborted', async () => {
    const controller = new AbortController();
    const pending = sleep(10_000, controller.signal);
    controller.abort(new Error('stop'));
    await expect(pending).rejects.toThrow('stop');
  });
});
