import type { ScopedOperation } from '../app/role-may.js';

/** The settings' sections in their sub-navigation; one a role cannot use (`needs`) is not shown. */
export const SETTINGS_SECTIONS = [
  { label: 'General', to: '/orgs/$orgId/settings/general', needs: 'getOrganization' },
  { label: 'Inboxes', to: '/orgs/$orgId/settings/inboxes', needs: 'listInboxes' },
  { label: 'Brands', to: '/orgs/$orgId/settings/brands', needs: 'listBrands' },
  { label: 'API keys', to: '/orgs/$orgId/settings/api-keys', needs: 'listApiKeys' },
  { label: 'Audit log', to: '/orgs/$orgId/settings/audit-log', needs: 'listAuditLog' },
] as const satisfies readonly { label: string; to: string; needs: ScopedOperation }[];
