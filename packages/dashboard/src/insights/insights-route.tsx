import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../app/base-routes.js';
import { listQueryOf } from '../inbox/inbox-search.js';
import { themeFeedbackQuery } from './insights-queries.js';
import { validateInsightsSearch, validateThemeSearch } from './insights-search.js';

export const insightsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/insights',
  validateSearch: validateInsightsSearch,
  component: lazyRouteComponent(() => import('./insights-page.js'), 'InsightsPage'),
});

/** One theme of a period and its items (`from`, `to` and the filters it was found with). */
export const themeRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/insights/themes/$themeId',
  validateSearch: validateThemeSearch,
  loaderDeps: ({ search }) => listQueryOf(search),
  // Clustering takes a moment: it starts while the screen's chunk loads.
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(themeFeedbackQuery(params.orgId, params.themeId, deps));
  },
  component: lazyRouteComponent(() => import('./theme-page.js'), 'ThemePage'),
});
