import { Link, Outlet } from '@tanstack/react-router';
import { usePermissions } from '../app/permissions.js';
import { settingsRoute } from './settings-route.js';
import { maySection, SETTINGS_SECTIONS } from './settings-sections.js';
import './settings.css';

/** The settings' frame: the sections a member may open, and the open one. */
export function SettingsLayout() {
  const { orgId } = settingsRoute.useParams();
  const { may } = usePermissions();
  return (
    <div className="settings">
      <nav className="settings-nav" aria-label="Settings">
        <ul>
          {SETTINGS_SECTIONS.filter((section) => maySection(may, section.needs)).map((section) => (
            <li key={section.to}>
              <Link
                to={section.to}
                params={{ orgId }}
                className="settings-nav-link"
                activeProps={{ 'aria-current': 'page' }}
              >
                {section.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="settings-section">
        <Outlet />
      </div>
    </div>
  );
}
