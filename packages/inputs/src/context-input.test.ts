import { MAX_CONTEXT_DEPTH } from '@hearback/spec';
import { describe, expect, it } from 'vitest';
import { FeedbackContextSchema, FreeFormContextSchema } from './context-input.js';
import { checkInput } from './input-issues.js';

/** `{"a":{"a":…}}` nested `depth` levels. */
function nested(depth: number): Record<string, unknown> {
  let value: Record<string, unknown> = {};
  for (let level = 1; level < depth; level++) value = { a: value };
  return value;
}

describe('the feedback context', () => {
  it('takes any members, keeping them, with source and agentName as text or null', () => {
    const context = { source: 'agent', agentName: 'support-bot', sessionId: 's_1', nested: { source: 5 } };
    expect(checkInput(FeedbackContextSchema, context)).toEqual({ success: true, data: context });
    expect(checkInput(FeedbackContextSchema, { source: null }).success).toBe(true);
  });

  it('refuses a source or agentName that is not text, at its path', () => {
    expect(checkInput(FeedbackContextSchema, { source: 5, agentName: ['a'] })).toEqual({
      success: false,
      errors: [
        { path: 'source', message: 'Must be text.' },
        { path: 'agentName', message: 'Must be text.' },
      ],
    });
  });

  it('keeps the bounds a page response context has too', () => {
    for (const schema of [FeedbackContextSchema, FreeFormContextSchema]) {
      const check = checkInput(schema, nested(MAX_CONTEXT_DEPTH + 1));
      expect(check.success ? [] : check.errors.map(({ message }) => message)).toEqual([
        expect.stringContaining(`${MAX_CONTEXT_DEPTH} levels`),
      ]);
    }
    // A page response's context names no member: its source is free.
    expect(checkInput(FreeFormContextSchema, { source: 5 }).success).toBe(true);
  });
});
