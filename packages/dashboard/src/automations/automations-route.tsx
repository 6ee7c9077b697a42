import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../app/base-routes.js';
import { optionalOneOf } from '../app/search-params.js';
import { DELIVERY_STATUSES, type DeliveryStatus } from './delivery-status.js';

export const automationsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/automations',
  component: lazyRouteComponent(() => import('./automations-page.js'), 'AutomationsPage'),
});

export const newAutomationRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/automations/new',
  component: lazyRouteComponent(() => import('./new-automation-page.js'), 'NewAutomationPage'),
});

export const automationRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/automations/$automationId',
  component: lazyRouteComponent(() => import('./automation-page.js'), 'AutomationPage'),
});

/**
 * The delivery log; `state` (in the URL, so a filtered log is a link) narrows it to one delivery
 * status. Not `status`: the inbox's search has one of its own, and links from it merge searches.
 */
export const deliveriesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/automations/$automationId/deliveries',
  validateSearch: (search): { state?: DeliveryStatus | undefined } => ({
    state: optionalOneOf(DELIVERY_STATUSES)(search.state),
  }),
  component: lazyRouteComponent(() => import('./deliveries-page.js'), 'DeliveriesPage'),
});
