import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { DATE_BOUND_MESSAGE, DateBoundSchema } from './date-bound.js';
import { checkInput } from './input-issues.js';

describe('DateBoundSchema', () => {
  it('takes a calendar date or a date-time with offset', () => {
    for (const value of ['2026-11-01', '2026-11-01T09:30:00Z', '2026-11-01T09:30:00+02:00'])
      expect(DateBoundSchema.safeParse(value).success).toBe(true);
  });

  it('says what it takes, not "not one of the accepted forms", where plain messages apply too', () => {
    for (const value of ['yesterday', '2026-02-30', '2026-11-01T09:30:00', 20261101]) {
      expect(checkInput(z.object({ from: DateBoundSchema }), { from: value })).toEqual({
        success: false,
        errors: [{ path: 'from', message: DATE_BOUND_MESSAGE }],
      });
    }
  });
});
