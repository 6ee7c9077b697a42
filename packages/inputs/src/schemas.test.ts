import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ApiKeyCreateInputSchema } from './api-key-input.js';
import { idSchema } from './ids.js';
import * as inputs from './index.js';
import { OrganizationUpdateInputSchema } from './organization-input.js';
import { isAcceptableIssuer } from './sso-input.js';
import { InviteInputSchema } from './team-input.js';
import { refusesUnknownFields } from './write-input.js';

describe('the shared write inputs', () => {
  it('are strict objects, every one of them, as the server requires of every body', () => {
    const bodies = Object.entries(inputs).filter(([name]) => name.endsWith('InputSchema'));
    expect(bodies.length).toBeGreaterThanOrEqual(14);
    for (const [name, schema] of bodies)
      expect([name, refusesUnknownFields(schema as z.ZodType)]).toEqual([name, true]);
    expect(refusesUnknownFields(ApiKeyCreateInputSchema.shape.scopes)).toBe(false);
  });

  it('refuses an id of another kind', () => {
    expect(idSchema('brand').safeParse('brd_01jd3x2k9v6c4h8m2n5p7q1r3s').success).toBe(true);
    expect(idSchema('brand').safeParse('inb_01jd3x2k9v6c4h8m2n5p7q1r3s').success).toBe(false);
  });

  it('names the kind it expected, in English', () => {
    const message = (kind: Parameters<typeof idSchema>[0]) => idSchema(kind).safeParse('x').error?.issues[0]?.message;
    expect(message('brand')).toBe('Expected a brand id: brd_ followed by 26 letters and digits.');
    expect(message('inbox')).toBe('Expected an inbox id: inb_ followed by 26 letters and digits.');
    expect(message('apiKey')).toBe('Expected an api key id: key_ followed by 26 letters and digits.');
    expect(message('user')).toBe('Expected a user id: usr_ followed by 26 letters and digits.');
  });

  it('refuses an unknown member at its name alone, not also as an empty change of the whole body', () => {
    const paths = (schema: z.ZodType, body: unknown) =>
      schema.safeParse(body).error?.issues.map((issue) => [issue.code, issue.path.join('.')]);
    expect(paths(OrganizationUpdateInputSchema, { plan: 'enterprise' })).toEqual([['unrecognized_keys', '']]);
    expect(paths(inputs.FeedbackUpdateInputSchema, { assignee: 'usr_x' })).toEqual([['unrecognized_keys', '']]);
    expect(paths(inputs.InboxUpdateInputSchema, { brand: null })).toEqual([['unrecognized_keys', '']]);
    expect(paths(inputs.AutomationUpdateInputSchema, { enable: true })).toEqual([['unrecognized_keys', '']]);
    // An empty change is still refused, at the body.
    expect(paths(OrganizationUpdateInputSchema, {})).toEqual([['custom', '']]);
    expect(paths(inputs.FeedbackUpdateInputSchema, {})).toEqual([['custom', '']]);
  });

  it('takes a time zone by its IANA name only', () => {
    expect(OrganizationUpdateInputSchema.safeParse({ timezone: 'europe/berlin' }).success).toBe(true);
    expect(OrganizationUpdateInputSchema.safeParse({ timezone: '+01:00' }).success).toBe(false);
    expect(OrganizationUpdateInputSchema.safeParse({ timezone: 'Mars/Olympus' }).success).toBe(false);
  });

  it('takes an https issuer, http only on this machine', () => {
    expect(isAcceptableIssuer('https://login.acme.com')).toBe(true);
    expect(isAcceptableIssuer('http://localhost:8080')).toBe(true);
    expect(isAcceptableIssuer('http://login.acme.com')).toBe(false);
    expect(isAcceptableIssuer('https://user:pw@login.acme.com')).toBe(false);
  });

  it('gives an invitation an assignable role only (owner passes by transfer)', () => {
    expect(InviteInputSchema.safeParse({ email: 'grace@example.com', role: 'member' }).success).toBe(true);
    expect(InviteInputSchema.safeParse({ email: 'grace@example.com', role: 'owner' }).success).toBe(false);
  });
});
