import { type Kysely, sql } from 'kysely';

/**
 * One open invitation (neither accepted nor revoked) per organization and address. Inviting an
 * address that has one already renews it (`services/invites.ts`), but nothing held that rule when
 * two first invitations of one address ran at once on PostgreSQL: both read "none open" and both
 * inserted, leaving two live links. This index makes the second insert fail, and the service turns
 * that into the renewal it would have made had it come second.
 *
 * Stored duplicates are resolved first: of an address's open invitations the one whose link went out
 * last is kept (the latest `expires_at`, as every send or resend sets it to now + 7 days; then the
 * newest id), and the others are revoked, as an admin revoking them would. Their links stop working,
 * as a resend's previous link does. The index reads `lower(email)` as `openFor` does (the service
 * stores addresses lowercased).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const now = new Date().toISOString();
  await sql`
    update invites set revoked_at = ${now}
    where accepted_at is null and revoked_at is null
      and exists (
        select 1 from invites later
        where later.org_id = invites.org_id
          and lower(later.email) = lower(invites.email)
          and later.accepted_at is null and later.revoked_at is null
          and (later.expires_at > invites.expires_at or (later.expires_at = invites.expires_at and later.id > invites.id))
      )`.execute(db);
  await db.schema
    .createIndex('invites_open_email_idx')
    .on('invites')
    .column('org_id')
    .expression(sql`lower(email)`)
    .unique()
    .where(sql.ref('accepted_at'), 'is', null)
    .where(sql.ref('revoked_at'), 'is', null)
    .execute();
}
