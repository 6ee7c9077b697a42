import { z } from 'zod';

/**
 * Answers by question id, as a response's body gives them: any JSON object, kept as parsed. Not
 * `z.record`, which leaves out a `__proto__` member (so that it cannot set its output's
 * prototype): `__proto__` is a question id like any other, and its answer must reach the checks
 * of `@hearback/forms`, which read only own members. Each answer's own rules apply there.
 *
 * @example
 * AnswersByQuestionIdSchema.parse(JSON.parse('{"__proto__": "Fine"}')); // { ['__proto__']: 'Fine' }
 */
export const AnswersByQuestionIdSchema = z
  .custom<Record<string, unknown>>()
  .check((payload) => {
    const value = payload.value;
    if (typeof value === 'object' && value !== null && !Array.isArray(value)) return;
    // As z.record refuses it, so the plain message ("Must be an object.") applies.
    payload.issues.push({ code: 'invalid_type', expected: 'record', input: value });
  })
  .meta({ type: 'object', additionalProperties: {} });
