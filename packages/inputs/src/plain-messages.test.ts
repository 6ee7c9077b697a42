import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { AutomationInputSchema } from './automation-input.js';
import { BrandInputSchema } from './brand-input.js';
import { checkInput } from './input-issues.js';
import { PLAIN_MESSAGES, plainMessages } from './plain-messages.js';

/** The messages of a parse with the plain messages, as `path: message`. */
function messagesOf(schema: z.ZodType, value: unknown): string[] {
  const parsed = schema.safeParse(value, PLAIN_MESSAGES);
  return parsed.success ? [] : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('plainMessage', () => {
  it('says a missing member is required, and what a member of the wrong type must be', () => {
    const schema = z.object({ name: z.string(), score: z.number(), count: z.int(), done: z.boolean() });
    expect(messagesOf(schema, { score: '5', count: 1.5, done: 'yes' })).toEqual([
      'name: Required.',
      'score: Must be a number.',
      'count: Must be a whole number.',
      'done: Must be true or false.',
    ]);
    expect(messagesOf(z.object({ tags: z.array(z.string()), meta: z.object({}) }), { tags: 'a', meta: [] })).toEqual([
      'tags: Must be a list.',
      'meta: Must be an object.',
    ]);
    expect(messagesOf(z.never(), 1)).toEqual([': Not allowed here.']);
    const choices = z.object({ kind: z.enum(['a', 'b']), either: z.union([z.string(), z.number()]) });
    expect(messagesOf(choices, {})).toEqual(['kind: Required.', 'either: Required.']);
  });

  it('states lengths and counts as limits, with their unit (too_small, too_big)', () => {
    expect(messagesOf(z.string().min(1), '')).toEqual([': Must not be empty.']);
    expect(messagesOf(z.string().min(3), 'ab')).toEqual([': At least 3 characters.']);
    expect(messagesOf(z.string().max(200), 'x'.repeat(201))).toEqual([': At most 200 characters.']);
    expect(messagesOf(z.string().max(1), 'ab')).toEqual([': At most 1 character.']);
    expect(messagesOf(z.string().length(2), 'a')).toEqual([': Exactly 2 characters.']);
    expect(messagesOf(z.array(z.string()).min(1), [])).toEqual([': Choose at least one.']);
    expect(messagesOf(z.array(z.string()).max(2), ['a', 'b', 'c'])).toEqual([': At most 2 items.']);
    expect(messagesOf(z.array(z.string()).length(2), ['a', 'b', 'c'])).toEqual([': Exactly 2 items.']);
  });

  it('states numeric bounds without symbols, inclusive or not', () => {
    expect(messagesOf(z.number().min(1), 0)).toEqual([': At least 1.']);
    expect(messagesOf(z.number().max(10), 11)).toEqual([': At most 10.']);
    expect(messagesOf(z.number().positive(), 0)).toEqual([': More than 0.']);
    expect(messagesOf(z.number().lt(5), 5)).toEqual([': Less than 5.']);
    expect(messagesOf(z.date().min(new Date('2026-01-01T00:00:00Z')), new Date('2025-01-01T00:00:00Z'))).toEqual([
      ': On or after 2026-01-01T00:00:00.000Z.',
    ]);
    expect(messagesOf(z.date().max(new Date('2026-01-01T00:00:00Z')), new Date('2027-01-01T00:00:00Z'))).toEqual([
      ': On or before 2026-01-01T00:00:00.000Z.',
    ]);
  });

  it('names the format a string must have (invalid_format)', () => {
    expect(messagesOf(z.email(), 'x')).toEqual([': Must be an email address.']);
    expect(messagesOf(z.iso.datetime(), 'x')).toEqual([': Must be a date and time such as 2026-11-26T12:00:00Z.']);
    expect(messagesOf(z.string().startsWith('hb_'), 'x')).toEqual([': Must start with “hb_”.']);
    expect(messagesOf(z.string().regex(/^a/), 'b')).toEqual([': Not in the expected format.']);
  });

  it('lists the allowed values (invalid_value) and the union options (invalid_union)', () => {
    const kinds = z.enum(['thumbs', 'stars', 'nps', 'csat', 'emoji', 'text']);
    expect(messagesOf(kinds, 'star')).toEqual([': Must be one of: thumbs, stars, nps, csat, emoji, text.']);
    expect(messagesOf(z.literal(true), false)).toEqual([': Must be true.']);
    const byKind = z.discriminatedUnion('kind', [
      z.object({ kind: z.literal('a') }),
      z.object({ kind: z.literal('b') }),
    ]);
    expect(messagesOf(byKind, { kind: 'c' })).toEqual(['kind: Must be one of: a, b.']);
    expect(messagesOf(z.union([z.string(), z.number()]), true)).toEqual([': Not one of the accepted forms.']);
  });

  it('names unknown members (unrecognized_keys), multiples (not_multiple_of), keys and refinements', () => {
    expect(messagesOf(z.strictObject({ type: z.string().optional() }), { typ: 'x' })).toEqual([
      ': Unknown field: typ.',
    ]);
    expect(messagesOf(z.strictObject({}), { a: 1, b: 2 })).toEqual([': Unknown fields: a, b.']);
    expect(messagesOf(z.number().multipleOf(5), 3)).toEqual([': Must be a multiple of 5.']);
    expect(messagesOf(z.record(z.string().min(2), z.string()), { a: 'x' })).toEqual(['a: Not an allowed key.']);
    expect(messagesOf(z.map(z.object({}), z.number()), new Map([[{}, 'x']]))).toEqual([
      ': Has a value that is not allowed.',
    ]);
    expect(
      messagesOf(
        z.string().refine((value) => value === 'ok'),
        'no',
      ),
    ).toEqual([': Not valid.']);
  });

  it("gives way to a schema's own message", () => {
    expect(messagesOf(z.string().min(3, 'Say a bit more.'), 'ab')).toEqual([': Say a bit more.']);
    expect(messagesOf(z.number({ error: 'A score, please.' }), 'x')).toEqual([': A score, please.']);
  });

  it('never answers zod jargon: each message is one sentence ending with a period', () => {
    const messages = [
      ...messagesOf(z.object({ a: z.string().min(1), b: z.number().gte(3), c: z.enum(['x', 'y']) }), {
        a: '',
        b: 1,
        c: 'z',
      }),
      ...messagesOf(z.strictObject({}), { extra: 1 }),
    ];
    for (const message of messages) {
      expect(message).toMatch(/\.$/);
      expect(message).not.toMatch(/>=|<=|expected|received|Invalid input|Too small|Too big|Unrecognized/);
    }
  });

  it('is a zod locale too, for a process of our own (`z.config(plainMessages())`)', () => {
    expect(plainMessages().localeError).toBe(PLAIN_MESSAGES.error);
  });
});

describe('checkInput with plain messages', () => {
  it("shows the automation editor's “When” with no event checked as a choice to make", () => {
    const check = checkInput(AutomationInputSchema, {
      name: 'No event',
      events: [],
      webhook: { url: 'https://hooks.example.com/hearback', body: { text: '{{feedback.comment}}' } },
    });
    expect(!check.success && check.errors).toEqual([{ path: 'events', message: 'Choose at least one.' }]);
  });

  it('names an unknown member once, followed by the fields accepted there', () => {
    const check = checkInput(BrandInputSchema, { name: 'Acme', typ: 'x' });
    expect(!check.success && check.errors).toEqual([
      { path: 'typ', message: 'Unknown field: typ. Accepted fields: name.' },
    ]);
  });

  it('says an empty required name must not be empty', () => {
    const check = checkInput(BrandInputSchema, { name: '' });
    expect(!check.success && check.errors).toEqual([{ path: 'name', message: 'Must not be empty.' }]);
  });
});
