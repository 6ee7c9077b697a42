/** The routes every screen hangs from: the signed-out screens, the signed-in guard and an organization. */
import type { QueryClient } from '@tanstack/react-query';
import { createRootRouteWithContext, createRoute, lazyRouteComponent, Outlet, redirect } from '@tanstack/react-router';
import { accountQuery } from '../api/account.js';
import { ErrorScreen, NotFoundScreen } from './error-screen.js';
import { OrgLayout } from './org-layout.js';
import { optionalString, safeRedirect } from './search-params.js';

/** Where to go once signed in (a path of the app), and the address to sign in or up with (an invitation's). */
interface AuthSearch {
  redirect?: string | undefined;
  email?: string | undefined;
}

const authSearch = (search: Record<string, unknown>): AuthSearch => ({
  redirect: safeRedirect(search.redirect),
  email: optionalString(search.email),
});

export interface RouterContext {
  queryClient: QueryClient;
}

export const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ErrorScreen,
  notFoundComponent: NotFoundScreen,
});

export const signInRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-in',
  validateSearch: authSearch,
  component: lazyRouteComponent(() => import('../auth/sign-in-page.js'), 'SignInPage'),
});

export const signUpRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/sign-up',
  validateSearch: authSearch,
  component: lazyRouteComponent(() => import('../auth/sign-up-page.js'), 'SignUpPage'),
});

export const resetPasswordRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/reset-password',
  validateSearch: (search): { token?: string; error?: string } => ({
    token: optionalString(search.token),
    error: optionalString(search.error),
  }),
  component: lazyRouteComponent(() => import('../auth/reset-password-pages.js'), 'ResetPasswordPage'),
});

export const acceptInviteRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/invites/accept',
  validateSearch: (search) => ({ token: optionalString(search.token) ?? '' }),
  component: lazyRouteComponent(() => import('../auth/accept-invite-page.js'), 'AcceptInvitePage'),
});

/** Every screen below needs a signed-in user; the others go to sign-in and come back. */
export const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ context, location }) => {
    // `fetchQuery`, not `ensureQueryData`: the latter answers whatever is cached, even once
    // invalidated, so after signing in (or creating or joining an organization) the guard would
    // still see the `null` (or the memberships) read before, and send the user back.
    const account = await context.queryClient.fetchQuery(accountQuery);
    if (!account) throw redirect({ to: '/sign-in', search: { redirect: location.href } });
    return { account };
  },
  component: Outlet,
});

export const homeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/',
  beforeLoad: ({ context }) => {
    const first = context.account.organizations[0];
    if (first) throw redirect({ to: '/orgs/$orgId', params: { orgId: first.organization.id } });
  },
  component: lazyRouteComponent(() => import('./create-organization-page.js'), 'CreateOrganizationPage'),
});

export const newOrganizationRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/organizations/new',
  component: lazyRouteComponent(() => import('./create-organization-page.js'), 'CreateOrganizationPage'),
});

/** An organization the user belongs to; its screens are the children. */
export const orgRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: '/orgs/$orgId',
  beforeLoad: ({ context, params }) => {
    const membership = context.account.organizations.find((entry) => entry.organization.id === params.orgId);
    if (!membership) throw redirect({ to: '/' });
    return { membership };
  },
  component: OrgLayout,
});

export const orgIndexRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/',
  beforeLoad: ({ params }) => {
    throw redirect({ to: '/orgs/$orgId/inbox', params });
  },
});
