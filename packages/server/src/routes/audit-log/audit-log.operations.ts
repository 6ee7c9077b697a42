import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, jsonContent, OrgParams } from '../shared.schemas.js';
import { AuditLogPageSchema, AuditLogQuery } from './audit-log.schemas.js';

export const listAuditLog = defineOperation({
  scope: 'write',
  organizationWide: 'read the audit log, which covers every brand',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/audit-log',
    tags: ['Audit log'],
    operationId: 'listAuditLog',
    summary: 'List the audit log',
    description:
      'Who (which API key) changed what, newest first: keys, inboxes, brands, automations, secrets (names only), feedback pages, triage, notes and views. Requires the `write` scope and an organization-wide key. Entries outlive the resources they name; none are pruned yet.',
    request: { params: OrgParams, query: AuditLogQuery },
    responses: { 200: jsonContent(AuditLogPageSchema, 'A page of entries.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) => {
    const { limit, cursor, ...filters } = c.req.valid('query');
    const page = await c.var.services.auditLog.list(c.var.principal, filters, { limit, cursor });
    return c.json(page, 200);
  },
});
