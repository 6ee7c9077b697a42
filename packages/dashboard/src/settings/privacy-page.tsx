import { usePermissions } from '../app/permissions.js';
import { PageHeader } from '../ui/page-header.js';
import { ErasePersonForm } from './erase-person-form.js';
import { privacySettingsRoute } from './settings-route.js';

/** Answering a person's privacy requests: erasing everything they sent (GDPR art. 17). */
export function PrivacyPage() {
  const { orgId } = privacySettingsRoute.useParams();
  const { may } = usePermissions();
  return (
    <>
      <PageHeader title="Privacy" />
      <ErasePersonForm orgId={orgId} reach={{ feedback: may('eraseFeedback'), responses: may('erasePageResponses') }} />
    </>
  );
}
