import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../app/base-routes.js';
import { feedbackListQuery } from './feedback-queries.js';
import { listQueryOf, validateInboxSearch } from './inbox-search.js';

export const inboxRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/inbox',
  validateSearch: validateInboxSearch,
  loaderDeps: ({ search }) => listQueryOf(search),
  // The first page is asked for while the screen's chunk loads, not after it renders.
  loader: ({ context, params, deps }) => {
    void context.queryClient.prefetchInfiniteQuery(feedbackListQuery(params.orgId, deps));
  },
  component: lazyRouteComponent(() => import('./inbox-page.js'), 'InboxPage'),
});
