import type { EventType, WebhookMethod } from '@hearback/inputs';
import {
  AUTOMATION_DISABLED_REASONS,
  type AutomationDisabledReason,
  type AutomationFilter,
  type AutomationKind,
  type AutomationWebhook,
  type JsonValue,
  type StoredAutomation,
} from '../../domain/automation.js';
import { plansWith } from '../../services/plans.js';
import type { AutomationsTable } from '../schema.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';

/**
 * The stored reason as its code. Earlier builds stored a sentence instead ("The endpoint
 * answered 410 Gone: …", "Every delivery has failed since …"), which the API's enum and the
 * dashboard cannot show; those rows still read as the code they meant.
 */
function disabledReasonOf(stored: string | null): AutomationDisabledReason | null {
  if (stored === null || Object.hasOwn(AUTOMATION_DISABLED_REASONS, stored))
    return stored as AutomationDisabledReason | null;
  return stored.includes('410') ? 'endpoint_gone' : 'failing_for_5_days';
}

function toAutomation(row: AutomationsTable): StoredAutomation {
  return {
    id: row.id,
    orgId: row.org_id,
    kind: row.kind as AutomationKind,
    name: row.name,
    events: JSON.parse(row.events) as EventType[],
    filter: JSON.parse(row.filter) as AutomationFilter,
    enabled: row.enabled === 1,
    disabledReason: disabledReasonOf(row.disabled_reason),
    failingSince: row.failing_since,
    webhook: {
      url: row.url,
      method: row.method as WebhookMethod,
      headers: JSON.parse(row.headers) as Record<string, string>,
      body: row.body_template === null ? null : (JSON.parse(row.body_template) as JsonValue),
    },
    sealedSigningSecret: row.sealed_signing_secret,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * A webhook as its columns hold it (header templates and the body template as JSON text): what
 * the renderer (webhooks/render.ts) reads, for a stored automation and an unsaved preview alike.
 */
export function webhookColumns(
  webhook: AutomationWebhook,
): Pick<AutomationsTable, 'url' | 'method' | 'headers' | 'body_template'> {
  return {
    url: webhook.url,
    method: webhook.method,
    headers: JSON.stringify(webhook.headers),
    body_template: webhook.body === null ? null : JSON.stringify(webhook.body),
  };
}

/** Every column of a row: a column added to the table does not compile until it is written here. */
function toRow(automation: StoredAutomation): Required<AutomationsTable> {
  return {
    id: automation.id,
    org_id: automation.orgId,
    kind: automation.kind,
    name: automation.name,
    events: JSON.stringify(automation.events),
    filter: JSON.stringify(automation.filter),
    enabled: automation.enabled ? 1 : 0,
    ...webhookColumns(automation.webhook),
    sealed_signing_secret: automation.sealedSigningSecret,
    disabled_reason: automation.disabledReason,
    failing_since: automation.failingSince,
    created_at: automation.createdAt,
    updated_at: automation.updatedAt,
  };
}

/** Members of an automation to change; `updatedAt` always. */
export interface AutomationChanges {
  name?: string;
  events?: EventType[];
  filter?: AutomationFilter;
  enabled?: boolean;
  disabledReason?: AutomationDisabledReason | null;
  failingSince?: string | null;
  url?: string;
  method?: WebhookMethod;
  headers?: Record<string, string>;
  body?: JsonValue | null;
  sealedSigningSecret?: string;
  updatedAt: string;
}

/** The columns of the changes given (an absent member is no column). */
function toColumns(changes: AutomationChanges): Partial<AutomationsTable> {
  const { name, events, filter, enabled, disabledReason, failingSince, url, method, headers, body } = changes;
  return {
    ...(name !== undefined && { name }),
    ...(events !== undefined && { events: JSON.stringify(events) }),
    ...(filter !== undefined && { filter: JSON.stringify(filter) }),
    ...(enabled !== undefined && { enabled: enabled ? 1 : 0 }),
    ...(disabledReason !== undefined && { disabled_reason: disabledReason }),
    ...(failingSince !== undefined && { failing_since: failingSince }),
    ...(url !== undefined && { url }),
    ...(method !== undefined && { method }),
    ...(headers !== undefined && { headers: JSON.stringify(headers) }),
    ...(body !== undefined && { body_template: body === null ? null : JSON.stringify(body) }),
    ...(changes.sealedSigningSecret !== undefined && { sealed_signing_secret: changes.sealedSigningSecret }),
    updated_at: changes.updatedAt,
  };
}

export function automationsRepository(db: Executor) {
  /**
   * The automations that send: enabled, of an organization whose plan has webhooks (a downgraded
   * organization keeps its automations, and they send nothing).
   */
  const sending = () =>
    db
      .selectFrom('automations')
      .innerJoin('organizations', 'organizations.id', 'automations.org_id')
      .where('automations.enabled', '=', 1)
      .where('organizations.plan', 'in', plansWith('webhooks'));
  return {
    async insert(automation: StoredAutomation): Promise<void> {
      await db.insertInto('automations').values(toRow(automation)).execute();
    },
    async find(orgId: string, id: string): Promise<StoredAutomation | undefined> {
      const row = await db
        .selectFrom('automations')
        .selectAll()
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return row && toAutomation(row);
    },
    async list(orgId: string, page: { limit: number; after: string | null }) {
      let query = db.selectFrom('automations').selectAll().where('org_id', '=', orgId);
      if (page.after) query = query.where('id', '>', page.after);
      const rows = await query
        .orderBy('id')
        .limit(page.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, page.limit);
      return { items: pageRows.map(toAutomation), lastId };
    },
    /**
     * Writes the members given, and only those: a PATCH does not write back what it read, so it
     * cannot undo what the delivery pipeline wrote meanwhile (a 410 disabling the automation).
     * Undefined when the automation is gone.
     */
    async update(orgId: string, id: string, changes: AutomationChanges): Promise<StoredAutomation | undefined> {
      const row = await db
        .updateTable('automations')
        .set(toColumns(changes))
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toAutomation(row);
    },
    async delete(orgId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('automations')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /**
     * Every automation's and REST hook's templates in the organization, enabled or not, by id: where
     * a secret's deletion looks for templates that still name it.
     */
    async templatesOf(orgId: string) {
      return db
        .selectFrom('automations')
        .select(['id', 'name', 'kind', 'headers', 'body_template'])
        .where('org_id', '=', orgId)
        .orderBy('id')
        .execute();
    },
    /**
     * The automations an event of `eventType` goes to before filtering (see `automationMatches`):
     * those that send (above), subscribed to the type. Oldest first.
     */
    async enabledAutomationsFor(orgId: string, eventType: EventType): Promise<StoredAutomation[]> {
      const rows = await sending()
        .selectAll('automations')
        .where('automations.org_id', '=', orgId)
        .orderBy('automations.id')
        .execute();
      // Events are a JSON array in text on both dialects: matched here, not with LIKE (`_` is a wildcard).
      return rows.map(toAutomation).filter((automation) => automation.events.includes(eventType));
    },

    /**
     * The event types some automation that sends subscribes to, in any organization: the webhook
     * fan-out reads no other events' payloads, and no events at all while no automation sends.
     */
    async subscribedEventTypes(): Promise<EventType[]> {
      const rows = await sending().select('automations.events').distinct().execute();
      return [...new Set(rows.flatMap((row) => JSON.parse(row.events) as EventType[]))];
    },
  };
}
