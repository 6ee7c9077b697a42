import { describe, expect, it } from 'vitest';
import { isWidgetError, WidgetError, type WidgetErrorCode } from './errors.js';

describe('WidgetError', () => {
  it.each<[WidgetErrorCode, boolean]>([
    ['offline', true],
    ['blocked', true],
    ['network_error', true],
    ['timeout', true],
    ['rate_limited', true],
    ['server_error', true],
    ['rejected', false],
    ['invalid_input', false],
    ['load_failed', false],
  ])('%s is retryable: %s', (code, retryable) => {
    const error = new WidgetError(code, 'message');
    expect(error).toMatchObject({ name: 'WidgetError', code, retryable, queued: false, message: 'message' });
    expect(isWidgetError(error)).toBe(true);
  });
});
