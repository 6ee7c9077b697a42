import { useQuery } from '@tanstack/react-query';
import { accountQuery } from '../api/account.js';
import { organizationQuery } from '../api/organization.js';
import { usePermissions } from '../app/permissions.js';
import { Alert } from '../ui/alert.js';
import { PageHeader } from '../ui/page-header.js';
import { problemFeedback } from '../ui/problem-feedback.js';
import { DeleteOrganization } from './delete-organization.js';
import { LeaveOrganization } from './leave-organization.js';
import { OrganizationForm } from './organization-form.js';
import { PlanForm } from './plan-form.js';
import { generalSettingsRoute } from './settings-route.js';
import { UsageMeters } from './usage-meters.js';

/** The organization itself: name and time zone, plan and usage against its caps, leaving it, deletion. */
export function GeneralSettingsPage() {
  const { orgId } = generalSettingsRoute.useParams();
  const { may } = usePermissions();
  const organization = useQuery(organizationQuery(orgId));
  const account = useQuery(accountQuery);
  if (organization.isError) return <Alert>{problemFeedback(organization.error).formError}</Alert>;
  if (!organization.data) return <p role="status">Loading…</p>;
  const current = organization.data;
  return (
    <>
      <PageHeader title="General" />
      <OrganizationForm organization={current} />
      <section className="settings-card" aria-labelledby="plan-heading">
        <h2 id="plan-heading">Plan and usage</h2>
        {current.usage && <UsageMeters organization={current} usage={current.usage} />}
        {account.data?.user.instanceAdmin && <PlanForm key={current.plan} organization={current} />}
      </section>
      <LeaveOrganization organization={current} />
      {may('deleteOrganization') && <DeleteOrganization organization={current} />}
    </>
  );
}
