import type { QueryClient } from '@tanstack/react-query';
import { createRouter } from '@tanstack/react-router';
import {
  automationRoute,
  automationsRoute,
  deliveriesRoute,
  newAutomationRoute,
} from '../automations/automations-route.js';
import { inboxRoute } from '../inbox/inbox-route.js';
import { insightsRoute, themeRoute } from '../insights/insights-route.js';
import { PAGE_ROUTES } from '../pages/pages-route.js';
import { settingsRouteTree } from '../settings/settings-route.js';
import { setupRoute } from '../setup/setup-route.js';
import { teamRoute } from '../team/team-route.js';
import {
  acceptInviteRoute,
  homeRoute,
  newOrganizationRoute,
  orgIndexRoute,
  orgRoute,
  resetPasswordRoute,
  rootRoute,
  signedInRoute,
  signInRoute,
  signUpRoute,
} from './base-routes.js';

const routeTree = rootRoute.addChildren([
  signInRoute,
  signUpRoute,
  resetPasswordRoute,
  acceptInviteRoute,
  signedInRoute.addChildren([
    homeRoute,
    newOrganizationRoute,
    orgRoute.addChildren([
      orgIndexRoute,
      inboxRoute,
      setupRoute,
      insightsRoute,
      themeRoute,
      automationsRoute,
      newAutomationRoute,
      automationRoute,
      deliveriesRoute,
      settingsRouteTree,
      teamRoute,
      ...PAGE_ROUTES,
    ]),
  ]),
]);

/** The app's router: served under `/app`, data through TanStack Query. */
export function createAppRouter(queryClient: QueryClient) {
  return createRouter({
    routeTree,
    basepath: '/app',
    context: { queryClient },
    defaultPreload: 'intent',
    // Queries own freshness; the router only starts them.
    defaultPreloadStaleTime: 0,
    scrollRestoration: true,
  });
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof createAppRouter>;
  }
}
