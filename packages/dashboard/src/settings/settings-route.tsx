import { createRoute, lazyRouteComponent, redirect } from '@tanstack/react-router';
import { orgRoute } from '../app/base-routes.js';
import { validateAuditSearch } from './audit-search.js';

/** The organization's settings: a sub-navigation between sections, each its own lazy screen. */
export const settingsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/settings',
  component: lazyRouteComponent(() => import('./settings-layout.js'), 'SettingsLayout'),
});

const settingsIndexRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/orgs/$orgId/settings/general', params });
  },
});

export const generalSettingsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/general',
  component: lazyRouteComponent(() => import('./general-page.js'), 'GeneralSettingsPage'),
});

export const inboxesSettingsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/inboxes',
  component: lazyRouteComponent(() => import('./inboxes-page.js'), 'InboxesPage'),
});

export const brandsSettingsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/brands',
  component: lazyRouteComponent(() => import('./brands-page.js'), 'BrandsPage'),
});

export const apiKeysSettingsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/api-keys',
  component: lazyRouteComponent(() => import('./api-keys-page.js'), 'ApiKeysPage'),
});

export const auditLogSettingsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/audit-log',
  validateSearch: validateAuditSearch,
  component: lazyRouteComponent(() => import('./audit-log-page.js'), 'AuditLogPage'),
});

export const privacySettingsRoute = createRoute({
  getParentRoute: () => settingsRoute,
  path: '/privacy',
  component: lazyRouteComponent(() => import('./privacy-page.js'), 'PrivacyPage'),
});

/** The settings routes, as `orgRoute`'s child. */
export const settingsRouteTree = settingsRoute.addChildren([
  settingsIndexRoute,
  generalSettingsRoute,
  inboxesSettingsRoute,
  brandsSettingsRoute,
  apiKeysSettingsRoute,
  auditLogSettingsRoute,
  privacySettingsRoute,
]);
