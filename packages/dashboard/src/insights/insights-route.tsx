import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../app/base-routes.js';
import { validateInsightsSearch } from './insights-search.js';

export const insightsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/insights',
  validateSearch: validateInsightsSearch,
  component: lazyRouteComponent(() => import('./insights-page.js'), 'InsightsPage'),
});
