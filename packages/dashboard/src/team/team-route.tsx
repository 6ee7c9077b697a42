import { createRoute, lazyRouteComponent } from '@tanstack/react-router';
import { orgRoute } from '../app/base-routes.js';
import { optionalOneOf } from '../app/search-params.js';

/** The sections of the Team screen, each a tab (kept in the URL so a section is a link). */
export const TEAM_SECTIONS = ['members', 'invitations', 'sso'] as const;
export type TeamSection = (typeof TEAM_SECTIONS)[number];

const sectionOf = optionalOneOf(TEAM_SECTIONS);

export const teamRoute = createRoute({
  getParentRoute: () => orgRoute,
  path: '/team',
  validateSearch: (search): { section?: TeamSection | undefined } => ({ section: sectionOf(search.section) }),
  component: lazyRouteComponent(() => import('./team-page.js'), 'TeamPage'),
});
