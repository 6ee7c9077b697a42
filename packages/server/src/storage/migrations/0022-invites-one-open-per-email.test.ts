import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { dialectsUnderTest } from '../../../test/support/harness.js';
import { databaseMigratedTo } from '../../../test/support/migrated-database.js';
import { migrateToLatest } from '../migrate.js';
import { OPEN_INVITE_INDEX } from '../repositories/invites.js';
import { isUniqueViolation } from '../unique-violation.js';

for (const dialect of dialectsUnderTest()) {
  describe(`migration 0022-invites-one-open-per-email [${dialect}]`, () => {
    const cleanups: (() => Promise<void>)[] = [];
    afterEach(async () => {
      for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
    });

    it('keeps the last-sent open invitation of each address, revokes the others, then holds one open per address', async () => {
      const database = await databaseMigratedTo(dialect, '0020-feedback-brand-index', cleanups);
      const at = '2026-11-20T10:00:00.000Z';
      for (const org of ['org_1', 'org_2']) {
        await sql`insert into organizations (id, name, plan, created_at, updated_at)
          values (${org}, ${org}, 'enterprise', ${at}, ${at})`.execute(database.db);
      }
      // As the release before could leave them: two first invitations of one address made at once
      // (inv_1, inv_2), one of them later resent (inv_1: a later expiry); an address written in
      // another case; an accepted and a revoked one; the same address in another organization.
      const rows = [
        ['inv_1', 'org_1', 'ada@example.com', '2026-11-27T10:00:00.000Z', null, null],
        ['inv_2', 'org_1', 'ada@example.com', '2026-11-25T10:00:00.000Z', null, null],
        ['inv_3', 'org_1', 'bob@example.com', '2026-11-25T10:00:00.000Z', null, null],
        ['inv_4', 'org_1', 'Bob@Example.com', '2026-11-25T10:00:00.000Z', null, null],
        ['inv_5', 'org_1', 'ada@example.com', '2026-11-24T10:00:00.000Z', at, null],
        ['inv_6', 'org_1', 'ada@example.com', '2026-11-24T10:00:00.000Z', null, at],
        ['inv_7', 'org_2', 'ada@example.com', '2026-11-25T10:00:00.000Z', null, null],
      ];
      for (const [id, org, email, expiresAt, acceptedAt, revokedAt] of rows) {
        await sql`insert into invites (id, org_id, email, role, token_hash, invited_by, created_at, expires_at, accepted_at, revoked_at)
          values (${id}, ${org}, ${email}, 'member', ${`hash-${id}`}, 'usr_1', ${at}, ${expiresAt}, ${acceptedAt}, ${revokedAt})`.execute(
          database.db,
        );
      }

      expect(await migrateToLatest(database)).toContain('0022-invites-one-open-per-email');

      const open = await sql<{ id: string }>`select id from invites
        where accepted_at is null and revoked_at is null order by id`.execute(database.db);
      expect(open.rows.map((row) => row.id)).toEqual(['inv_1', 'inv_4', 'inv_7']);
      const revoked = await sql<{ id: string; revoked_at: string }>`select id, revoked_at from invites
        where revoked_at is not null order by id`.execute(database.db);
      expect(revoked.rows.map((row) => row.id)).toEqual(['inv_2', 'inv_3', 'inv_6']);
      expect(revoked.rows.find((row) => row.id === 'inv_6')?.revoked_at).toBe(at);

      // A second open invitation of an address is refused now, as the service recognizes it.
      const refused =
        await sql`insert into invites (id, org_id, email, role, token_hash, invited_by, created_at, expires_at)
        values ('inv_8', 'org_1', 'ada@example.com', 'member', 'hash-inv_8', 'usr_1', ${at}, ${at})`
          .execute(database.db)
          .then(
            () => undefined,
            (error: unknown) => error,
          );
      expect(isUniqueViolation(refused, OPEN_INVITE_INDEX)).toBe(true);
    });
  });
}
