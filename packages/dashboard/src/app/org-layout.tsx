import { Link, Outlet } from '@tanstack/react-router';
import { AccessNotice } from './access-notice.js';
import { AccountMenu } from './account-menu.js';
import { orgRoute } from './base-routes.js';
import { NAV_ITEMS } from './nav-items.js';
import { OrgSwitcher } from './org-switcher.js';
import { usePermissions } from './permissions.js';

/** An organization's frame: the sidebar (switcher, screens, account) and the screen. */
export function OrgLayout() {
  const { orgId } = orgRoute.useParams();
  const { may } = usePermissions();
  return (
    <div className="org-frame">
      <a className="skip-link" href="#main">
        Skip to content
      </a>
      <nav className="sidebar" aria-label="Organization">
        {/* The column draws the background down the whole screen; its content stays in the window. */}
        <div className="sidebar-content">
          <OrgSwitcher orgId={orgId} />
          <ul className="nav-list">
            {NAV_ITEMS.filter((item) => may(item.needs)).map((item) => (
              <li key={item.to}>
                <Link to={item.to} params={{ orgId }} className="nav-link" activeProps={{ 'aria-current': 'page' }}>
                  {item.label}
                </Link>
              </li>
            ))}
          </ul>
          <div className="sidebar-end">
            <AccountMenu />
          </div>
        </div>
      </nav>
      <main id="main" className="org-main" tabIndex={-1}>
        <AccessNotice />
        <Outlet />
      </main>
    </div>
  );
}
