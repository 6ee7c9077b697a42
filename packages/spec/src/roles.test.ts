import { describe, expect, it } from 'vitest';
import { memberChangeRefusal, ROLE_SCOPES, ROLES } from './roles.js';

describe('memberChangeRefusal', () => {
  it("keeps the owner's role for a transfer, an admin's for the owner, and lets an admin manage the rest", () => {
    const table = Object.fromEntries(
      (['admin', 'owner'] as const).map((actor) => [
        actor,
        Object.fromEntries(ROLES.map((target) => [target, memberChangeRefusal(ROLE_SCOPES[actor], target)])),
      ]),
    );
    expect(table).toEqual({
      admin: { viewer: null, member: null, admin: 'owner_only', owner: 'owner_by_transfer' },
      owner: { viewer: null, member: null, admin: null, owner: 'owner_by_transfer' },
    });
  });
});
