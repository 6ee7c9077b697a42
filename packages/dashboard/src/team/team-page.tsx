import { useNavigate } from '@tanstack/react-router';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { usePermissions } from '../app/permissions.js';
import { PageHeader } from '../ui/page-header.js';
import { InvitationsSection } from './invitations-section.js';
import { MembersSection } from './members-section.js';
import { SsoSection } from './sso-section.js';
import { type TeamSection, teamRoute } from './team-route.js';
import './team.css';

/** The Team screen: members, invitations and single sign-on, each a tab shown to those who may list it. */
export function TeamPage() {
  const { orgId } = teamRoute.useParams();
  const { section } = teamRoute.useSearch();
  const navigate = useNavigate({ from: teamRoute.fullPath });
  const { may } = usePermissions();
  const sections = [
    { id: 'members', label: 'Members', shown: true, panel: <MembersSection orgId={orgId} /> },
    {
      id: 'invitations',
      label: 'Invitations',
      shown: may('listInvites'),
      panel: <InvitationsSection orgId={orgId} />,
    },
    { id: 'sso', label: 'Single sign-on', shown: may('getSso'), panel: <SsoSection orgId={orgId} /> },
  ] satisfies { id: TeamSection; label: string; shown: boolean; panel: React.ReactNode }[];
  const visible = sections.filter((entry) => entry.shown);
  const selected = visible.find((entry) => entry.id === section)?.id ?? 'members';

  return (
    <div className="team">
      <PageHeader title="Team" />
      <Tabs
        selectedKey={selected}
        onSelectionChange={(key) => navigate({ search: { section: key as TeamSection }, replace: true })}
      >
        <TabList aria-label="Team" className="tab-list">
          {visible.map((entry) => (
            <Tab key={entry.id} id={entry.id} className="tab">
              {entry.label}
            </Tab>
          ))}
        </TabList>
        {visible.map((entry) => (
          <TabPanel key={entry.id} id={entry.id} className="tab-panel">
            <h2 className="visually-hidden">{entry.label}</h2>
            {entry.panel}
          </TabPanel>
        ))}
      </Tabs>
    </div>
  );
}
