import type { Automation } from '@hearback/client';

/** Whether an automation delivers, and why not when the server turned it off. */
export function EnabledState({ automation }: { automation: Automation }) {
  if (automation.enabled) return <span className="state state-on">Enabled</span>;
  return (
    <span className="state state-off">
      Disabled
      {automation.disabledReason && <span className="muted"> by the server</span>}
    </span>
  );
}

/** The server's words for why it disabled an automation, as the API's description gives them. */
export const DISABLED_REASON_TEXT: Record<NonNullable<Automation['disabledReason']>, string> = {
  endpoint_gone: 'The endpoint answered 410 Gone, so deliveries stopped.',
  failing_for_5_days: 'Every delivery failed for 5 days, so deliveries stopped.',
};
