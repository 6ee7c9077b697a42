import type { SsoDomain } from '@hearback/client';
import { useState } from 'react';
import { api, dataOf } from '../api/client.js';
import { fullTime } from '../inbox/relative-time.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { CopyButton } from '../ui/copy-button.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { useTeamMutation } from './use-team-mutation.js';

/** One email domain: verified, or the TXT record to publish and a button to check it now. */
function DomainEntry({ orgId, entry }: { orgId: string; entry: SsoDomain }) {
  const [checked, setChecked] = useState(false);
  const verify = useTeamMutation(orgId, () =>
    dataOf(
      api.POST('/organizations/{orgId}/sso/domains/{domain}/verify', {
        params: { path: { orgId, domain: entry.domain } },
      }),
    ),
  );
  const headingId = `domain-${entry.domain}`;
  return (
    <li className="sso-domain" aria-labelledby={headingId}>
      <h4 id={headingId}>
        {entry.domain}{' '}
        {entry.verifiedAt ? (
          <span className="state-badge state-accepted">Verified</span>
        ) : (
          <span className="state-badge state-pending">Not verified</span>
        )}
      </h4>
      {entry.verifiedAt ? (
        <p className="muted">
          Verified {fullTime(entry.verifiedAt)}. People with an address at {entry.domain} sign in through your provider.
        </p>
      ) : (
        <>
          <p>Publish this DNS TXT record, then verify:</p>
          <dl className="dns-record">
            <dt>Name</dt>
            <dd>
              <code>{entry.record.name}</code> <CopyButton text={entry.record.name} label="Copy name" />
            </dd>
            <dt>Value</dt>
            <dd>
              <code>{entry.record.value}</code> <CopyButton text={entry.record.value} label="Copy value" />
            </dd>
          </dl>
          <div className="row">
            <Button
              onClick={() => verify.mutate(undefined, { onSettled: () => setChecked(true) })}
              pending={verify.isPending}
            >
              Verify<span className="visually-hidden"> {entry.domain}</span>
            </Button>
          </div>
          {checked && <Alert>{problemFeedback(verify.error).formError}</Alert>}
        </>
      )}
      {checked && verify.isSuccess && <Alert tone="success">{entry.domain} is verified.</Alert>}
    </li>
  );
}

/** The domains of the connection and how each is proven. */
export function SsoDomains({ orgId, domains }: { orgId: string; domains: readonly SsoDomain[] }) {
  return (
    <section className="stack" aria-labelledby="sso-domains-title">
      <h3 id="sso-domains-title">Email domains</h3>
      <p className="muted">
        A domain works once verified: the TXT record proves this organization holds it, so no one else’s provider can
        sign its people in.
      </p>
      <ul className="sso-domains">
        {domains.map((entry) => (
          <DomainEntry key={entry.domain} orgId={orgId} entry={entry} />
        ))}
      </ul>
    </section>
  );
}
