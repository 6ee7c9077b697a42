import { describe, expect, it } from 'vitest';
import { checkContact } from './contact.js';

describe('checkContact', () => {
  it('requires what the page asks for', () => {
    expect(checkContact('email', {})).toEqual({
      success: false,
      issues: [{ field: 'email', message: 'Your email address is required.' }],
    });
    expect(checkContact('name_email', { email: 'ada@example.com', name: ' ' })).toEqual({
      success: false,
      issues: [{ field: 'name', message: 'Your name is required.' }],
    });
    expect(checkContact('name_email', { email: ' ada@example.com', name: ' Ada ' })).toEqual({
      success: true,
      contact: { email: 'ada@example.com', name: 'Ada' },
    });
  });

  it('lists what is missing in the form’s order: name, then email', () => {
    expect(checkContact('name_email', {})).toEqual({
      success: false,
      issues: [
        { field: 'name', message: 'Your name is required.' },
        { field: 'email', message: 'Your email address is required.' },
      ],
    });
  });

  it('checks a contact given where none is required, and keeps none when none is given', () => {
    expect(checkContact('none', { email: 'not-an-address' }).success).toBe(false);
    expect(checkContact('none', undefined)).toEqual({ success: true, contact: null });
  });
});
