import { describe, expect, it } from 'vitest';
import { checkInput } from './input-issues.js';
import { PageResponseErasureInputSchema } from './page-response-erasure-input.js';

describe('PageResponseErasureInputSchema', () => {
  it('takes one context member, or a contact email trimmed and lower-cased', () => {
    expect(checkInput(PageResponseErasureInputSchema, { context: { userId: 'u_42' } })).toEqual({
      success: true,
      data: { context: { userId: 'u_42' } },
    });
    expect(checkInput(PageResponseErasureInputSchema, { contact: { email: ' Ana@Example.COM ' } })).toEqual({
      success: true,
      data: { contact: { email: 'ana@example.com' } },
    });
  });

  it.each([
    [{ context: { userId: 'u_42' }, contact: { email: 'ana@example.com' } }, 'contact'],
    [{}, 'context'],
    [{ context: { userId: 'u_42', email: 'ana@example.com' } }, 'context'],
    [{ context: { userId: 42 } }, 'context.userId'],
    [{ contact: {} }, 'contact.email'],
    [{ contact: { email: 'ana' } }, 'contact.email'],
    [{ contact: { email: 'ana@example.com', name: 'Ana' } }, 'contact.name'],
  ])('refuses %j, naming %s', (body, path) => {
    const check = checkInput(PageResponseErasureInputSchema, body);
    expect(check.success).toBe(false);
    expect(check.success ? [] : check.errors.map((error) => error.path)).toEqual([path]);
  });
});
