import type { Problem } from '@hearback/client';
import { describe, expect, it } from 'vitest';
import { HearbackApiError } from './hearback-api-error.js';

const problem = (status: number, code: Problem['code'], extra: Partial<Problem> = {}): Problem => ({
  type: 'https://hearback.dev/problems/x',
  title: 'Error',
  status,
  detail: 'Something happened.',
  code,
  requestId: 'req_1',
  ...extra,
});

describe('HearbackApiError', () => {
  it('carries the problem: code, status, request id, field errors and 429 allowance', () => {
    const error = new HearbackApiError({
      code: 'event_limit_reached',
      message: 'Spent.',
      status: 429,
      problem: problem(429, 'event_limit_reached', {
        limit: 5000,
        plan: 'starter',
        resetAt: '2026-12-01T00:00:00.000Z',
      }),
    });
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({
      name: 'HearbackApiError',
      message: 'Spent.',
      requestId: 'req_1',
      limit: 5000,
      plan: 'starter',
      resetAt: '2026-12-01T00:00:00.000Z',
      attempts: 1,
    });
  });

  it.each([
    [408, 'validation_failed', true],
    [409, 'conflict', true],
    [429, 'event_limit_reached', true],
    [500, 'internal_error', true],
    [503, 'internal_error', true],
    [400, 'validation_failed', false],
    [401, 'invalid_api_key', false],
    [404, 'not_found', false],
    [409, 'idempotency_key_reused', false],
    [429, 'inbox_limit_reached', false],
  ] as const)('status %i with %s is retryable: %s', (status, code, retryable) => {
    expect(new HearbackApiError({ code, message: 'm', status }).isRetryable).toBe(retryable);
  });

  it('treats no answer as retryable, an unreadable one as not', () => {
    expect(new HearbackApiError({ code: 'network_error', message: 'm' }).isRetryable).toBe(true);
    expect(new HearbackApiError({ code: 'timeout', message: 'm' }).isRetryable).toBe(true);
    expect(new HearbackApiError({ code: 'unexpected_response', message: 'm' }).isRetryable).toBe(false);
  });

  it('is recognised across duplicate copies of the package by its Symbol.for marker', () => {
    const foreign = Object.assign(new Error('copy'), { [Symbol.for('hearback.node.api-error')]: true });
    expect(HearbackApiError.isInstance(foreign)).toBe(true);
    expect(HearbackApiError.isInstance(new Error('plain'))).toBe(false);
    expect(HearbackApiError.isInstance('not_found')).toBe(false);
  });
});
