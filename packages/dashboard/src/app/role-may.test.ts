import { describe, expect, it } from 'vitest';
import { roleMay, rolesThatMay } from './role-may.js';

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

  it('names the roles that may, for whoever must ask one of them', () => {
    expect(rolesThatMay('createApiKey')).toEqual(['admin', 'owner']);
    expect(rolesThatMay('listFeedback')).toEqual(['viewer', 'member', 'admin', 'owner']);
    // A member triages an item but does not delete it: deleting takes write.
    expect(rolesThatMay('deleteFeedback')).toEqual(['admin', 'owner']);
  });
});
