import type { Organization, OrganizationUsage } from '@hearback/client';
import { useId } from 'react';
import { PLAN_NAMES } from './plan-names.js';

const number = new Intl.NumberFormat();
const month = new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** One cap: the count against its limit as a meter, or the count alone when unlimited. */
function UsageMeter({ label, used, limit }: { label: string; used: number; limit: number | null }) {
  const id = useId();
  const text =
    limit === null ? `${number.format(used)} (unlimited)` : `${number.format(used)} of ${number.format(limit)}`;
  return (
    <div className="usage">
      <div className="usage-figures">
        <label htmlFor={id} className="usage-label">
          {label}
        </label>
        <span>{text}</span>
      </div>
      {limit !== null && (
        // Past 80% of the cap the meter turns to a warning, at the cap to danger (optimum: low).
        <meter
          id={id}
          className="meter"
          min={0}
          max={limit}
          value={Math.min(used, limit)}
          low={limit * 0.8}
          high={limit * 0.999}
          optimum={0}
          aria-valuetext={text}
        />
      )}
    </div>
  );
}

/** The plan and this month's usage of each of its caps. */
export function UsageMeters({ organization, usage }: { organization: Organization; usage: OrganizationUsage }) {
  return (
    <div className="usage-list">
      <p>
        Plan: <strong>{PLAN_NAMES[organization.plan]}</strong>. Usage in{' '}
        {month.format(new Date(`${usage.period}-01T00:00:00Z`))} (counted per calendar month, UTC):
      </p>
      <UsageMeter label="Feedback events" used={usage.events} limit={usage.eventsLimit} />
      <UsageMeter label="Searches" used={usage.searches} limit={usage.searchesLimit} />
      <UsageMeter label="Inboxes" used={usage.inboxes} limit={usage.inboxesLimit} />
    </div>
  );
}
