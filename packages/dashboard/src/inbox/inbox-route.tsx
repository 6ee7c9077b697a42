import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../app/base-routes.js';
import { feedbackListQuery } from './feedback-queries.js';
import { listQueryOf, scoreRangeError, validateInboxSearch } from './inbox-search.js';

export const inboxRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/inbox',
  validateSearch: validateInboxSearch,
  loaderDeps: ({ search }) => listQueryOf(search),
  // The first page is asked for while the screen's chunk loads, not after it renders; not with
  // filters the API would refuse (the screen says what is wrong beside the field).
  loader: ({ context, params, deps }) => {
    if (!scoreRangeError(deps)) void context.queryClient.prefetchInfiniteQuery(feedbackListQuery(params.orgId, deps));
  },
  component: lazyRouteComponent(() => import('./inbox-page.js'), 'InboxPage'),
});
