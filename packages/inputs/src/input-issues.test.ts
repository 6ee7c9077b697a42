import { describe, expect, it } from 'vitest';
import { BrandInputSchema } from './brand-input.js';
import { FeedbackUpdateInputSchema } from './feedback-update-input.js';
import { checkInput } from './input-issues.js';
import { OrganizationUpdateInputSchema } from './organization-input.js';

describe('checkInput', () => {
  it('answers the parsed value of a valid body (trimmed as the server stores it)', () => {
    expect(checkInput(BrandInputSchema, { name: '  Acme Mobile ' })).toEqual({
      success: true,
      data: { name: 'Acme Mobile' },
    });
  });

  it('names the field of an over-long value by its API path', () => {
    const check = checkInput(BrandInputSchema, { name: 'x'.repeat(201) });
    expect(check).toEqual({
      success: false,
      errors: [{ path: 'name', message: expect.stringContaining('200') }],
    });
  });

  it('joins nested paths with dots, as the problem document does', () => {
    const check = checkInput(FeedbackUpdateInputSchema, { issueLink: { url: 'x'.repeat(2001) } });
    expect(check.success).toBe(false);
    expect(!check.success && check.errors.map((error) => error.path)).toEqual(['issueLink.url']);
  });

  it('refuses each unknown member by name, with the accepted fields', () => {
    const check = checkInput(BrandInputSchema, { name: 'Acme', nmae: 'typo', colour: 'red' });
    expect(!check.success && check.errors).toEqual([
      { path: 'nmae', message: 'Unknown field: nmae. Accepted fields: name.' },
      { path: 'colour', message: 'Unknown field: colour. Accepted fields: name.' },
    ]);
  });

  it('gives a rule across fields the empty path (the form shows it above its fields)', () => {
    const check = checkInput(OrganizationUpdateInputSchema, {});
    expect(!check.success && check.errors).toEqual([
      { path: '', message: 'Give a name, a slug, a time zone or several.' },
    ]);
  });

  it('refuses text that is not valid Unicode, even where the schema would take it', () => {
    const check = checkInput(BrandInputSchema, { name: 'Acme \uD800' });
    expect(check.success).toBe(false);
    expect(!check.success && check.errors[0]?.path).toBe('name');
  });
});
