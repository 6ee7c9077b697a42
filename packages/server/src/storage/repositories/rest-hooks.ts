import { DEFAULT_WEBHOOK_METHOD } from '@hearback/inputs';
import { REST_HOOK_KIND } from '../../domain/automation.js';
import type { RestHook } from '../../domain/rest-hook.js';
import type { AutomationsTable } from '../schema.js';
import type { Executor } from './executor.js';

/**
 * The automation row that stands for a REST hook: every event of its one type, no filter, the
 * default method and headers, the flat body (no template), enabled. `Required<…>`: a column
 * added to AutomationsTable does not compile until it is written here.
 */
function toAutomationRow(hook: RestHook, sealedSigningSecret: string): Required<AutomationsTable> {
  return {
    id: hook.id,
    org_id: hook.orgId,
    kind: REST_HOOK_KIND,
    name: `REST hook (${hook.event})`,
    events: JSON.stringify([hook.event]),
    filter: '{}',
    enabled: 1,
    url: hook.targetUrl,
    method: DEFAULT_WEBHOOK_METHOD,
    headers: '{}',
    body_template: null,
    sealed_signing_secret: sealedSigningSecret,
    disabled_reason: null,
    failing_since: null,
    created_at: hook.createdAt,
    updated_at: hook.createdAt,
  };
}

/** REST hooks: the rows of `automations` of kind `rest_hook`, and only those. */
export function restHooksRepository(db: Executor) {
  return {
    async insert(hook: RestHook, sealedSigningSecret: string): Promise<void> {
      await db.insertInto('automations').values(toAutomationRow(hook, sealedSigningSecret)).execute();
    },
    /** False when the organization has no REST hook with this id (an automation's id included). */
    async delete(orgId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('automations')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .where('kind', '=', REST_HOOK_KIND)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
