import { describe, expect, it } from 'vitest';
import {
  ACCEPTED_SCOPES_META_KEY,
  mayCall,
  REQUIRED_SCOPE_META_KEY,
  scopeMeta,
  scopeSentence,
  toolScopes,
} from './tool-scopes.js';

describe('tool scopes', () => {
  it('a tool whose operation needs one scope names it, as always', () => {
    const scopes = toolScopes('write');
    expect(scopes).toEqual({ requiredScope: 'write', acceptedScopes: ['write'] });
    expect(scopeSentence(scopes)).toBe('Needs the write scope.');
    expect(scopeMeta(scopes)).toEqual({ [REQUIRED_SCOPE_META_KEY]: 'write' });
  });

  it('a tool whose operation accepts any of several scopes says so in its description and _meta', () => {
    const scopes = toolScopes(['read', 'forms']);
    expect(scopes).toEqual({ requiredScope: 'read', acceptedScopes: ['read', 'forms'] });
    expect(scopeSentence(scopes)).toBe('Needs the read or forms scope.');
    expect(scopeMeta(scopes)).toEqual({
      [REQUIRED_SCOPE_META_KEY]: 'read',
      [ACCEPTED_SCOPES_META_KEY]: ['read', 'forms'],
    });
  });

  it('a key may call a tool when it holds any one of the scopes the tool accepts', () => {
    const scopes = toolScopes(['read', 'forms']);
    expect(mayCall(scopes, { scopes: ['forms'], brandId: null })).toBe(true);
    expect(mayCall(scopes, { scopes: ['collect', 'read'], brandId: null })).toBe(true);
    expect(mayCall(scopes, { scopes: ['collect', 'write'], brandId: null })).toBe(false);
    expect(mayCall(toolScopes('write'), { scopes: [], brandId: null })).toBe(false);
  });

  it('a brand-scoped key may not call an organization-wide tool, whatever its scopes', () => {
    const organizationWide = { ...toolScopes('read'), organizationWide: true };
    expect(mayCall(organizationWide, { scopes: ['read', 'write'], brandId: 'brd_1' })).toBe(false);
    expect(mayCall(organizationWide, { scopes: ['read'], brandId: null })).toBe(true);
    expect(mayCall(toolScopes('read'), { scopes: ['read'], brandId: 'brd_1' })).toBe(true);
  });
});
