import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { accountQuery } from '../api/account.js';
import { Disclosure } from '../ui/disclosure.js';

/** Moves between the user's organizations, or to creating another. */
export function OrgSwitcher({ orgId }: { orgId: string }) {
  const { data: account } = useQuery(accountQuery);
  const organizations = account?.organizations ?? [];
  const current = organizations.find((entry) => entry.organization.id === orgId);
  return (
    <Disclosure
      className="org-switcher"
      summary={
        <>
          <span className="visually-hidden">Organization: </span>
          {current?.organization.name}
        </>
      }
    >
      <ul className="menu">
        {organizations.map(({ organization, role }) => (
          <li key={organization.id}>
            <Link
              to="/orgs/$orgId"
              params={{ orgId: organization.id }}
              className="menu-item"
              aria-current={organization.id === orgId ? 'true' : undefined}
            >
              {organization.name} <span className="muted">{role}</span>
            </Link>
          </li>
        ))}
        <li>
          <Link to="/organizations/new" className="menu-item">
            New organization…
          </Link>
        </li>
      </ul>
    </Disclosure>
  );
}
