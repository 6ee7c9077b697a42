import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../app/base-routes.js';
import { validateInboxSearch } from './inbox-search.js';

export const inboxRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/inbox',
  validateSearch: validateInboxSearch,
  component: lazyRouteComponent(() => import('./inbox-page.js'), 'InboxPage'),
});
