import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../app/base-routes.js';
import { optionalString } from '../app/search-params.js';
import { analyticsQuery } from './page-queries.js';

/** Feedback pages: the list, and each page's builder, share, responses and analytics screens. */
export const pagesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/pages',
  component: lazyRouteComponent(() => import('./pages-list-page.js'), 'PagesListPage'),
});

export const pageBuilderRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/pages/$pageId',
  component: lazyRouteComponent(() => import('./builder/page-builder-page.js'), 'PageBuilderPage'),
});

export const pageShareRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/pages/$pageId/share',
  component: lazyRouteComponent(() => import('./share-page.js'), 'SharePage'),
});

export const pageResponsesRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/pages/$pageId/responses',
  component: lazyRouteComponent(() => import('./responses-page.js'), 'ResponsesPage'),
});

export const pageAnalyticsRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/pages/$pageId/analytics',
  // The range is in the URL, so a view of the figures is a link (the server checks the days).
  validateSearch: (search): { from?: string | undefined; to?: string | undefined } => ({
    from: optionalString(search.from),
    to: optionalString(search.to),
  }),
  loaderDeps: ({ search }) => search,
  // The figures are in the cache when the screen first renders (a refused range is cached as its
  // error, shown beside the field). Rendered before they arrived, a cold load could miss them: the
  // query held them (success, one observer) while the screen still showed the bare form, in about
  // one Chromium run in three; with the loader, none in ten.
  loader: ({ context, params, deps }) =>
    context.queryClient.prefetchQuery(analyticsQuery(params.orgId, params.pageId, deps)),
  component: lazyRouteComponent(() => import('./analytics-page.js'), 'AnalyticsPage'),
});

/** Every route of the area, for the router's tree. */
export const PAGE_ROUTES = [pagesRoute, pageBuilderRoute, pageShareRoute, pageResponsesRoute, pageAnalyticsRoute];
