import { describe, expect, it } from 'vitest';
import { isProblem } from './problem.js';

describe('isProblem', () => {
  it('accepts a problem document', () => {
    expect(isProblem({ type: 't', title: 'Unauthorized', status: 401, detail: 'd', code: 'invalid_api_key' })).toBe(
      true,
    );
  });

  it.each([undefined, null, 'Bad Gateway', { message: 'nope' }, { code: 'x', status: '500', title: 'y' }])(
    'rejects %j',
    (value) => {
      expect(isProblem(value)).toBe(false);
    },
  );
});
