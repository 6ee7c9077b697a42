import type { ScopedOperation } from '../app/role-may.js';

/**
 * The settings' sections in their sub-navigation; one a role cannot use (`needs`, or any one of
 * several) is not shown.
 */
export const SETTINGS_SECTIONS = [
  { label: 'General', to: '/orgs/$orgId/settings/general', needs: 'getOrganization' },
  { label: 'Inboxes', to: '/orgs/$orgId/settings/inboxes', needs: 'listInboxes' },
  { label: 'Brands', to: '/orgs/$orgId/settings/brands', needs: 'listBrands' },
  { label: 'API keys', to: '/orgs/$orgId/settings/api-keys', needs: 'listApiKeys' },
  { label: 'Audit log', to: '/orgs/$orgId/settings/audit-log', needs: 'listAuditLog' },
  { label: 'Privacy', to: '/orgs/$orgId/settings/privacy', needs: ['eraseFeedback', 'erasePageResponses'] },
] as const satisfies readonly { label: string; to: string; needs: ScopedOperation | readonly ScopedOperation[] }[];

/** Whether a role that `may` what it may can use a section needing `needs`. */
export function maySection(
  may: (operation: ScopedOperation) => boolean,
  needs: ScopedOperation | readonly ScopedOperation[],
): boolean {
  return typeof needs === 'string' ? may(needs) : needs.some(may);
}
