import { describe, expect, it } from 'vitest';
import { roleMay } from './permissions.js';

describe('what a role may do on screen', () => {
  it('follows the scope the server enforces for each operation', () => {
    expect(roleMay('viewer', 'listFeedback')).toBe(true);
    expect(roleMay('viewer', 'updateFeedback')).toBe(false);
    // updateFeedback takes write or triage: a member triages.
    expect(roleMay('member', 'updateFeedback')).toBe(true);
    expect(roleMay('member', 'createApiKey')).toBe(false);
    expect(roleMay('admin', 'createInvite')).toBe(true);
    expect(roleMay('admin', 'deleteOrganization')).toBe(false);
    expect(roleMay('owner', 'deleteOrganization')).toBe(true);
  });
});
