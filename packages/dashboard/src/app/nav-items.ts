import type { ScopedOperation } from './role-may.js';

/** The organization's screens in the sidebar; one a role cannot use (`needs`) is not shown. */
export const NAV_ITEMS = [
  { label: 'Inbox', to: '/orgs/$orgId/inbox', needs: 'listFeedback' },
  { label: 'Insights', to: '/orgs/$orgId/insights', needs: 'getFeedbackTrends' },
  { label: 'Pages', to: '/orgs/$orgId/pages', needs: 'listFeedbackPages' },
  { label: 'Automations', to: '/orgs/$orgId/automations', needs: 'listAutomations' },
  { label: 'Team', to: '/orgs/$orgId/team', needs: 'listMembers' },
  { label: 'Settings', to: '/orgs/$orgId/settings', needs: 'getOrganization' },
  { label: 'Set up', to: '/orgs/$orgId/setup', needs: 'createInbox' },
] as const satisfies readonly { label: string; to: string; needs: ScopedOperation }[];
