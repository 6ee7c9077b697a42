import { describe, expect, it } from 'vitest';
import { safeRedirect } from './search-params.js';

describe('the redirect after signing in', () => {
  it('goes back to a path of the app', () => {
    expect(safeRedirect('/invites/accept?token=abc')).toBe('/invites/accept?token=abc');
  });

  it('never leads to another site', () => {
    for (const hostile of ['https://evil.example', '//evil.example/x', 'javascript:alert(1)', '', 42]) {
      expect(safeRedirect(hostile)).toBeUndefined();
    }
  });
});
