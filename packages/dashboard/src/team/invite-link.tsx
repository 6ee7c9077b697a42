import type { IssuedInvite } from '@hearback/client';
import { CopyButton } from '../ui/copy-button.js';

/** The accept link of a new or resent invitation: shown once, with whether the server mailed it. */
export function InviteLink({ issued }: { issued: IssuedInvite }) {
  const { email } = issued.invite;
  return (
    <div className="secret-reveal invite-link" role="status">
      <p>
        <strong>Invitation link for {email}</strong>: shown only this once (resend the invitation for a new one). It
        works once, until {new Date(issued.invite.expiresAt).toLocaleDateString()}.
        {issued.resent && ' The invitation was sent again: its earlier link no longer works.'}
      </p>
      <p>
        {issued.mailed
          ? `It was also emailed to ${email}.`
          : `This server sends no mail (HEARBACK_SMTP_URL is not set): the link was only written to its log. Send it to ${email} yourself.`}
      </p>
      <div className="row">
        <code className="secret-value">{issued.acceptUrl}</code>
        <CopyButton text={issued.acceptUrl} label="Copy link" />
      </div>
    </div>
  );
}
