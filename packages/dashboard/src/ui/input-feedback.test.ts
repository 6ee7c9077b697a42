import {
  BrandInputSchema,
  FeedbackUpdateInputSchema,
  OrganizationUpdateInputSchema,
  SsoInputSchema,
} from '@hearback/inputs';
import { describe, expect, it } from 'vitest';
import { inputFeedback } from './input-feedback.js';

describe('inputFeedback', () => {
  it('is undefined for a body the server takes', () => {
    expect(inputFeedback(BrandInputSchema, { name: 'Acme Mobile' })).toBeUndefined();
  });

  it('puts a field error under the field name the API path gives', () => {
    expect(inputFeedback(BrandInputSchema, { name: 'x'.repeat(201) })).toEqual({
      validationErrors: { name: 'At most 200 characters.' },
      formError: '',
    });
  });

  it('names nested fields by their dotted path, as problemFeedback does', () => {
    const feedback = inputFeedback(FeedbackUpdateInputSchema, { issueLink: { url: 'x'.repeat(2001) } });
    expect(Object.keys(feedback?.validationErrors ?? {})).toEqual(['issueLink.url']);
  });

  it('names each bad item of a list by its index (the SSO form maps them back to what was typed)', () => {
    const feedback = inputFeedback(SsoInputSchema, {
      issuer: 'https://login.acme.com',
      clientId: 'hearback',
      clientSecret: 'secret',
      emailDomains: ['acme.com', 'not a domain'],
      defaultRole: 'member',
    });
    expect(feedback?.validationErrors).toEqual({ 'emailDomains.1': 'Expected a domain name such as acme.com.' });
  });

  it('shows a rule across fields as the form error', () => {
    expect(inputFeedback(OrganizationUpdateInputSchema, {})).toEqual({
      validationErrors: {},
      formError: 'Give a name, a slug, a time zone or several.',
    });
  });

  it('keeps the first error of a field that breaks several rules', () => {
    const feedback = inputFeedback(OrganizationUpdateInputSchema, { name: '', timezone: 'Mars/Olympus' });
    expect(feedback?.validationErrors).toEqual({
      name: 'Must not be empty.',
      timezone: 'Expected an IANA time zone name, such as Europe/Berlin, America/New_York or UTC.',
    });
  });
});
