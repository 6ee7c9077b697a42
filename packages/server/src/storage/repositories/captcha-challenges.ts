import type { Executor } from './executor.js';

/**
 * Solved captcha challenges, kept until they expire so each is accepted once (migration 0013's
 * `captcha_spent_challenges`). Rows hold a hash of the challenge's signature, never the challenge.
 */
export function captchaChallengesRepository(db: Executor) {
  return {
    /**
     * Marks a challenge spent; false when it already was (a replay). The primary key decides, so
     * two requests racing with one solution cannot both win.
     */
    async spend(challengeHash: string, expiresAt: string): Promise<boolean> {
      const result = await db
        .insertInto('captcha_spent_challenges')
        .values({ challenge: challengeHash, expires_at: expiresAt })
        .onConflict((conflict) => conflict.column('challenge').doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    },
    /** Deletes the challenges expired before `now` (an ISO timestamp): they can no longer be replayed. */
    async purgeExpired(now: string): Promise<number> {
      const result = await db.deleteFrom('captcha_spent_challenges').where('expires_at', '<', now).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
