import { describe, expect, it } from 'vitest';
import { retryAfterMs } from './retry-after.js';

const now = Date.parse('2026-11-25T17:00:00.000Z');

describe('retryAfterMs', () => {
  it('reads whole seconds', () => {
    expect(retryAfterMs('7', now)).toBe(7000);
    expect(retryAfterMs(' 0 ', now)).toBe(0);
    expect(retryAfterMs('86400', now)).toBe(86_400_000);
  });

  it('reads an HTTP date in each of its forms as the time until then', () => {
    expect(retryAfterMs('Wed, 25 Nov 2026 17:01:30 GMT', now)).toBe(90_000);
    expect(retryAfterMs('Wednesday, 25-Nov-26 17:00:10 GMT', now)).toBe(10_000);
    expect(retryAfterMs('Wed, 25 Nov 2026 16:00:00 GMT', now)).toBe(0);
  });

  it('ignores what is neither', () => {
    for (const value of [undefined, null, '', '-5', '1.5', '2026-11-25', 'soon', 'Wed, not a date', '9'.repeat(30)]) {
      expect(retryAfterMs(value, now)).toBeUndefined();
    }
  });
});
