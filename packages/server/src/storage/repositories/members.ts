import { sql } from 'kysely';
import type { Member, Role } from '../../domain/roles.js';
import type { Executor } from './executor.js';

/** A user as our services read them (better-auth writes them). */
export interface UserRecord {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  instanceAdmin: boolean;
}

/** Users and their memberships: who belongs to which organization, with which role. */
export function membersRepository(db: Executor) {
  const members = () =>
    db
      .selectFrom('memberships')
      .innerJoin('users', 'users.id', 'memberships.user_id')
      .select([
        'memberships.user_id as userId',
        'users.name as name',
        'users.email as email',
        'memberships.role as role',
        'memberships.created_at as joinedAt',
      ]);

  return {
    async countUsers(): Promise<number> {
      const row = await db
        .selectFrom('users')
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    /** The instance's administrator (its first user), or undefined before anyone signed up. */
    async instanceAdministrator(): Promise<UserRecord | undefined> {
      const row = await db
        .selectFrom('users')
        .select(['id', 'name', 'email', 'email_verified', 'instance_admin'])
        // A literal: a boolean on PostgreSQL, 1 on SQLite (which has no boolean to bind).
        .where('instance_admin', '=', sql.lit(true))
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      return (
        row && {
          id: row.id,
          name: row.name,
          email: row.email,
          emailVerified: Boolean(row.email_verified),
          instanceAdmin: true,
        }
      );
    },
    /** The role of a user in an organization, or undefined when not a member. */
    async roleOf(orgId: string, userId: string): Promise<Role | undefined> {
      const row = await db
        .selectFrom('memberships')
        .select('role')
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row?.role as Role | undefined;
    },
    async find(orgId: string, userId: string): Promise<Member | undefined> {
      const row = await members()
        .where('memberships.org_id', '=', orgId)
        .where('memberships.user_id', '=', userId)
        .executeTakeFirst();
      return row && { ...row, role: row.role as Role };
    },
    /** An organization's members, oldest first. */
    async list(orgId: string): Promise<Member[]> {
      const rows = await members()
        .where('memberships.org_id', '=', orgId)
        .orderBy('memberships.created_at')
        .orderBy('memberships.user_id')
        .execute();
      return rows.map((row) => ({ ...row, role: row.role as Role }));
    },
    /** The organizations a user belongs to, with the role in each. */
    async organizationsOf(userId: string): Promise<{ orgId: string; role: Role }[]> {
      const rows = await db
        .selectFrom('memberships')
        .select(['org_id', 'role'])
        .where('user_id', '=', userId)
        .orderBy('created_at')
        .execute();
      return rows.map((row) => ({ orgId: row.org_id, role: row.role as Role }));
    },
    async insert(orgId: string, userId: string, role: Role, at: string): Promise<void> {
      await db
        .insertInto('memberships')
        .values({ org_id: orgId, user_id: userId, role, created_at: at, updated_at: at })
        .execute();
    },
    async setRole(orgId: string, userId: string, role: Role, at: string): Promise<void> {
      await db
        .updateTable('memberships')
        .set({ role, updated_at: at })
        .where('org_id', '=', orgId)
        .where('user_id', '=', userId)
        .execute();
    },
    async remove(orgId: string, userId: string): Promise<void> {
      await db.deleteFrom('memberships').where('org_id', '=', orgId).where('user_id', '=', userId).execute();
    },
    /** Whether a session (by id) of the user is still open: a stream ends when it is not. */
    async sessionOpen(sessionId: string, userId: string): Promise<boolean> {
      const row = await db
        .selectFrom('sessions')
        .select('expires_at')
        .where('id', '=', sessionId)
        .where('user_id', '=', userId)
        .executeTakeFirst();
      return row !== undefined && new Date(row.expires_at).getTime() > Date.now();
    },
  };
}
