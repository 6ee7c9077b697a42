import { beforeAll, expect, it } from 'vitest';
import { memberWithRole, operatorOf, type TestUser } from '../../../test/support/accounts.js';
import { expectJson, expectProblem, type Json } from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

/**
 * Who may change whose role or remove whom (`memberChangeRefusal` in @hearback/spec, which the
 * dashboard hides its controls by): the owner's role passes only by a transfer, and an admin's
 * is the owner's to change. Every refusal changes nothing.
 */
describeEachDatabase('members: roles, removal and the owner', (bed) => {
  const orgId = () => bed().orgA.organization.id;
  const memberPath = (userId: string) => `/organizations/${orgId()}/members/${userId}`;
  const rolesNow = async (): Promise<Record<string, string>> => {
    const members = await expectJson(
      await bed().request(`/organizations/${orgId()}/members`, { key: bed().orgA.adminKey }),
      200,
    );
    return Object.fromEntries(members.data.map((member: Json) => [member.userId, member.role]));
  };

  let owner: TestUser;
  let admin: TestUser;
  let otherAdmin: TestUser;
  let member: TestUser;

  beforeAll(async () => {
    owner = await operatorOf(bed());
    admin = await memberWithRole(bed(), bed().orgA, 'admin');
    otherAdmin = await memberWithRole(bed(), bed().orgA, 'admin');
    member = await memberWithRole(bed(), bed().orgA, 'member');
  });

  it('refuses to demote or remove the only owner, by anyone, themself included, and says to transfer', async () => {
    const before = await rolesNow();
    expect(before[owner.userId]).toBe('owner');
    for (const by of [owner, admin]) {
      const demoted = await bed().request(memberPath(owner.userId), {
        method: 'PATCH',
        session: by.session,
        json: { role: 'admin' },
      });
      expect((await expectProblem(demoted, 409, 'conflict')).detail).toMatch(/transfer ownership/);
      const removed = await bed().request(memberPath(owner.userId), { method: 'DELETE', session: by.session });
      expect((await expectProblem(removed, 409, 'conflict')).detail).toMatch(
        /transfer ownership to another member first/,
      );
    }
    expect(await rolesNow()).toEqual(before);
  });

  it("refuses an admin changing or removing another admin (the owner's to do), and allows them a member", async () => {
    const before = await rolesNow();
    const demoted = await bed().request(memberPath(otherAdmin.userId), {
      method: 'PATCH',
      session: admin.session,
      json: { role: 'viewer' },
    });
    expect((await expectProblem(demoted, 403, 'forbidden')).detail).toMatch(/owner can change an admin's role/);
    const removed = await bed().request(memberPath(otherAdmin.userId), { method: 'DELETE', session: admin.session });
    expect((await expectProblem(removed, 403, 'forbidden')).detail).toMatch(/owner can remove an admin/);
    expect(await rolesNow()).toEqual(before);

    const changed = await bed().request(memberPath(member.userId), {
      method: 'PATCH',
      session: admin.session,
      json: { role: 'viewer' },
    });
    expect((await expectJson(changed, 200)).role).toBe('viewer');
  });

  it('lets the owner change an admin, and hand the organization over: one owner, the old one an admin', async () => {
    const demoted = await bed().request(memberPath(otherAdmin.userId), {
      method: 'PATCH',
      session: owner.session,
      json: { role: 'member' },
    });
    expect((await expectJson(demoted, 200)).role).toBe('member');
    const handed = await bed().request(`/organizations/${orgId()}/transfer-ownership`, {
      method: 'POST',
      session: owner.session,
      json: { userId: admin.userId },
    });
    expect((await expectJson(handed, 200)).role).toBe('owner');
    const after = await rolesNow();
    expect([after[owner.userId], after[admin.userId]]).toEqual(['admin', 'owner']);
    expect(Object.values(after).filter((role) => role === 'owner')).toHaveLength(1);
    // The former owner, an admin now, may no longer hand it over.
    const again = await bed().request(`/organizations/${orgId()}/transfer-ownership`, {
      method: 'POST',
      session: owner.session,
      json: { userId: owner.userId },
    });
    await expectProblem(again, 403, 'insufficient_scope');
  });
});
