import { describe, expect, it } from 'vitest';
import { ANY_KEY, type Principal, type Scope } from '../domain/api-key.js';
import { ApiError } from '../errors/api-error.js';
import { requireAccess } from './access.js';

function keyWith(...scopes: Scope[]): Principal {
  return { actor: { type: 'api_key', id: 'key_1' }, orgId: 'org_1', brandId: null, scopes: new Set(scopes) };
}

/** The refusal `requireAccess` throws, or undefined when it lets the key through. */
function refusal(principal: Principal, access: Parameters<typeof requireAccess>[1]): ApiError | undefined {
  try {
    requireAccess(principal, access);
    return undefined;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
}

describe('requireAccess', () => {
  it('lets a key with the one scope through and refuses others, naming that scope only', () => {
    expect(refusal(keyWith('write'), 'write')).toBeUndefined();
    const refused = refusal(keyWith('read', 'collect', 'forms'), 'write');
    expect(refused).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect(refused?.message).toBe("This API key lacks the 'write' scope.");
    expect(refused?.extensions).toEqual({ requiredScope: 'write' });
  });

  it('lets a key holding any one of several accepted scopes through', () => {
    expect(refusal(keyWith('read'), ['read', 'forms'])).toBeUndefined();
    expect(refusal(keyWith('forms'), ['read', 'forms'])).toBeUndefined();
    expect(refusal(keyWith('collect', 'forms'), ['forms', 'collect'])).toBeUndefined();
  });

  it('refuses a key holding none of them, naming them all and the preferred one first', () => {
    const refused = refusal(keyWith('collect', 'write'), ['read', 'forms']);
    expect(refused).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect(refused?.message).toBe("This API key lacks the 'read' or 'forms' scope.");
    expect(refused?.extensions).toEqual({ requiredScope: 'read', acceptedScopes: ['read', 'forms'] });
    expect(refusal(keyWith(), ['forms', 'collect', 'read'])?.message).toBe(
      "This API key lacks the 'forms', 'collect' or 'read' scope.",
    );
  });

  it('tells a member their role lacks it and which roles have it, not that a key does', () => {
    const viewer: Principal = { ...keyWith('read'), actor: { type: 'user', id: 'usr_1' } };
    const refused = refusal(viewer, ['write', 'triage']);
    expect(refused).toMatchObject({ status: 403, code: 'insufficient_scope' });
    expect(refused?.message).toBe(
      "Your role in this organization may not do this: it needs the 'write' or 'triage' scope, which the member, admin and owner roles have.",
    );
    expect(refusal({ ...viewer, scopes: new Set(['read', 'triage']) }, 'members')?.message).toBe(
      "Your role in this organization may not do this: it needs the 'members' scope, which the admin and owner roles have.",
    );
    expect(refusal({ ...viewer, scopes: new Set(['read', 'members']) }, 'owner')?.message).toBe(
      "Your role in this organization may not do this: it needs the 'owner' scope, which the owner role has.",
    );
  });

  it('lets any valid key call an ANY_KEY operation, even one without scopes', () => {
    expect(refusal(keyWith(), ANY_KEY)).toBeUndefined();
  });
});
