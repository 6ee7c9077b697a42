import { describe, expect, it } from 'vitest';
import { operatorOf } from '../../../test/support/accounts.js';
import { expectJson } from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

/** Whether an invitation's link left by mail, as the inviter is told (with SMTP: test/accounts.test.ts). */
describe('invitations without mail', () => {
  describeEachDatabase('an instance without HEARBACK_SMTP_URL', (bed) => {
    it('answers mailed: false on creation and on resending, so the inviter passes the link on', async () => {
      const { orgA } = bed();
      const owner = await operatorOf(bed());
      const org = (path: string) => `/organizations/${orgA.organization.id}${path}`;
      const issued = await expectJson(
        await bed().request(org('/invites'), {
          method: 'POST',
          session: owner.session,
          json: { email: 'unmailed@example.com', role: 'viewer' },
        }),
        201,
      );
      expect(issued).toMatchObject({ mailed: false, acceptUrl: expect.stringContaining('/app/invites/accept?token=') });
      const resent = await expectJson(
        await bed().request(org(`/invites/${issued.invite.id}/resend`), { method: 'POST', session: owner.session }),
        200,
      );
      expect(resent.mailed).toBe(false);
    });
  });
});
