import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../app/base-routes.js';

export const setupRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/setup',
  component: lazyRouteComponent(() => import('./setup-guide.js'), 'SetupGuide'),
});
