import { describe, expect, it } from 'vitest';
import { keptUntilHandOver } from './membership.js';
import { ROLES } from './roles.js';

describe('keptUntilHandOver', () => {
  it("holds the owner's membership alone until a hand-over", () => {
    expect(ROLES.filter(keptUntilHandOver)).toEqual(['owner']);
  });
});
