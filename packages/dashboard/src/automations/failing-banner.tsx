import type { Automation, Delivery } from '@hearback/client';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { Alert } from '../ui/alert.js';
import { lastAttemptQuery } from './automation-queries.js';

type Attempt = Delivery['attempts'][number];

/** Why an attempt failed, as one sentence: the sender's error, else the receiver's status. */
function failureReason(attempt: Attempt): string {
  if (attempt.error) return attempt.error;
  if (attempt.statusCode !== null) return `The receiver answered ${attempt.statusCode}.`;
  return `${attempt.outcome.replaceAll('_', ' ')}.`;
}

/** "Every delivery has failed since …", with the last attempt's reason and the way to the log. */
export function FailingBanner({ orgId, automation }: { orgId: string; automation: Automation }) {
  const last = useQuery(lastAttemptQuery(orgId, automation.id));
  if (!automation.failingSince) return null;
  return (
    <Alert tone="info">
      Every delivery has failed since {new Date(automation.failingSince).toLocaleString()}.
      {last.data && <> The last attempt: {failureReason(last.data)}</>}{' '}
      <Link
        to="/orgs/$orgId/automations/$automationId/deliveries"
        params={{ orgId, automationId: automation.id }}
        search={{}}
      >
        See the delivery log
      </Link>
    </Alert>
  );
}
