import {
  type AutomationInput,
  type AutomationUpdateInput,
  DEFAULT_WEBHOOK_METHOD,
  type WebhookTemplates,
  webhookTemplateEventIssues,
} from '@hearback/inputs';
import type { Principal } from '../domain/api-key.js';
import { changedFields } from '../domain/audit.js';
import type { AutomationFilter, JsonValue, ShownAutomation, StoredAutomation } from '../domain/automation.js';
import type { Page } from '../domain/organization.js';
import { validationFailed } from '../domain/parse-input.js';
import type { DeliveryStatus, LastDelivery } from '../domain/webhook-delivery.js';
import { notFound } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { newSigningSecret, sealSigningSecret } from '../secrets/sealed-values.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { recordAudit } from './audit.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';
import { requirePlanFeature } from './plan-features.js';

/** An automation with its signing secret in clear: only the answers of create and rotate. */
export type AutomationWithSecret = ShownAutomation & { signingSecret: string };

/** What the API shows: everything but the sealed signing secret, with the newest delivery. */
function shown(stored: StoredAutomation, lastDelivery: LastDelivery | null): ShownAutomation {
  const { sealedSigningSecret: _sealed, ...automation } = stored;
  return { ...automation, lastDelivery };
}

/** The filter as stored: only the members given (`{}` matches everything). */
function storedFilter(filter: AutomationFilter | null | undefined): AutomationFilter {
  return Object.fromEntries(Object.entries(filter ?? {}).filter(([, value]) => value !== undefined));
}

/**
 * The templates a change leaves the automation with, where the change could break their fit to its
 * events: those it sets, and all of them when it sets the events. A change that touches neither (a
 * rename, `enabled`) is not refused for templates saved before the rule (@hearback/inputs:
 * template-events.ts); those keep delivering as they did, an unfilled placeholder rendering empty.
 */
function templatesToCheck(existing: StoredAutomation, changes: AutomationUpdateInput): WebhookTemplates {
  const all = changes.events !== undefined;
  const { headers, body } = changes.webhook ?? {};
  return {
    headers: headers ?? (all ? existing.webhook.headers : undefined),
    body: body !== undefined ? body : all ? existing.webhook.body : undefined,
  };
}

/**
 * Automations: which events of an organization go to which webhook. Every operation is
 * organization-wide (an automation sees every brand's feedback; the operation table refuses brand-scoped
 * keys before a service is called); creating, changing and rotating
 * need a plan with webhooks, while reading and deleting stay open, so a downgraded organization
 * can see and remove what it has (its automations send nothing meanwhile).
 */
export function automationsService(store: Store, secrets: ServerSecrets) {
  async function find(principal: Principal, id: string): Promise<StoredAutomation> {
    const automation = await store.automations.find(visibleTo(principal).orgId, id);
    if (!automation) throw notFound('Automation', id);
    return automation;
  }

  /** The automations as shown, each with its newest delivery (one query for the lot). */
  async function shownWithDeliveries(automations: readonly StoredAutomation[]): Promise<ShownAutomation[]> {
    const newest = await store.webhookDeliveries.newestOf(automations.map((automation) => automation.id));
    const byAutomation = new Map(
      newest.map((row): [string, LastDelivery] => [
        row.automation_id,
        {
          id: row.id,
          eventType: row.event_type,
          status: row.status as DeliveryStatus,
          createdAt: row.created_at,
          updatedAt: row.updated_at,
        },
      ]),
    );
    return automations.map((automation) => shown(automation, byAutomation.get(automation.id) ?? null));
  }

  const shownOne = async (stored: StoredAutomation) => (await shownWithDeliveries([stored]))[0] as ShownAutomation;

  /** A new secret, sealed to the automation: the clear one is answered once and never stored. */
  function signingSecretFor(automationId: string) {
    const signingSecret = newSigningSecret();
    return { signingSecret, sealedSigningSecret: sealSigningSecret(secrets, automationId, signingSecret) };
  }

  return {
    async create(principal: Principal, input: AutomationInput): Promise<AutomationWithSecret> {
      await requirePlanFeature(store, principal.orgId, 'webhooks');
      await requireOwnInbox(store, principal, input.filter?.inboxId);
      const id = newId('automation');
      const { signingSecret, sealedSigningSecret } = signingSecretFor(id);
      const now = nowIso();
      const stored: StoredAutomation = {
        id,
        orgId: principal.orgId,
        kind: 'automation',
        name: input.name,
        events: input.events,
        filter: storedFilter(input.filter),
        enabled: input.enabled ?? true,
        disabledReason: null,
        failingSince: null,
        webhook: {
          url: input.webhook.url,
          method: input.webhook.method ?? DEFAULT_WEBHOOK_METHOD,
          headers: input.webhook.headers ?? {},
          body: (input.webhook.body ?? null) as JsonValue | null,
        },
        sealedSigningSecret,
        createdAt: now,
        updatedAt: now,
      };
      await store.transaction(async (tx) => {
        await tx.automations.insert(stored);
        await recordAudit(tx, principal, 'automation.created', id, { name: stored.name, events: stored.events });
      });
      return { ...shown(stored, null), signingSecret };
    },

    async list(principal: Principal, page: PageRequest): Promise<Page<ShownAutomation>> {
      const result = await store.automations.list(principal.orgId, {
        limit: pageSize(page),
        after: readCursor(page.cursor),
      });
      return toPage({ items: await shownWithDeliveries(result.items), lastId: result.lastId });
    },

    async get(principal: Principal, id: string): Promise<ShownAutomation> {
      return shownOne(await find(principal, id));
    },

    async update(principal: Principal, id: string, changes: AutomationUpdateInput): Promise<ShownAutomation> {
      const existing = await find(principal, id);
      await requirePlanFeature(store, principal.orgId, 'webhooks');
      if (changes.filter) await requireOwnInbox(store, principal, changes.filter.inboxId);
      const misfits = webhookTemplateEventIssues(
        templatesToCheck(existing, changes),
        changes.events ?? existing.events,
      );
      if (misfits.length > 0) throw validationFailed(misfits, 'json');
      const { webhook } = changes;
      const updated = await store.transaction(async (tx) => {
        const saved = await tx.automations.update(principal.orgId, id, {
          name: changes.name,
          events: changes.events,
          filter: changes.filter === undefined ? undefined : storedFilter(changes.filter),
          enabled: changes.enabled,
          // Turned on again by its owner: the server's reason to stop, and the failure streak, are past.
          ...(changes.enabled === true && !existing.enabled && { disabledReason: null, failingSince: null }),
          url: webhook?.url,
          method: webhook?.method,
          headers: webhook?.headers,
          body: webhook?.body as JsonValue | null | undefined,
          updatedAt: nowIso(),
        });
        if (!saved) throw notFound('Automation', id);
        // `webhook.url`, `webhook.headers` …: names only (a header may hold a credential).
        const webhookFields = changedFields(webhook ?? {}).map((field) => `webhook.${field}`);
        const changed = [...changedFields({ ...changes, webhook: undefined }), ...webhookFields];
        await recordAudit(tx, principal, 'automation.updated', id, { changed });
        return saved;
      });
      return shownOne(updated);
    },

    async delete(principal: Principal, id: string): Promise<{ id: string; deleted: true }> {
      const existing = await find(principal, id);
      await store.transaction(async (tx) => {
        if (!(await tx.automations.delete(principal.orgId, id))) throw notFound('Automation', id);
        await recordAudit(tx, principal, 'automation.deleted', id, { name: existing.name });
      });
      return { id, deleted: true };
    },

    /** A new signing secret, answered once; the previous one stops signing at once. */
    async rotateSigningSecret(principal: Principal, id: string): Promise<AutomationWithSecret> {
      await find(principal, id);
      await requirePlanFeature(store, principal.orgId, 'webhooks');
      const { signingSecret, sealedSigningSecret } = signingSecretFor(id);
      const saved = await store.transaction(async (tx) => {
        const rotated = await tx.automations.update(principal.orgId, id, { sealedSigningSecret, updatedAt: nowIso() });
        if (!rotated) throw notFound('Automation', id);
        await recordAudit(tx, principal, 'automation.signing_secret_rotated', id);
        return rotated;
      });
      return { ...(await shownOne(saved)), signingSecret };
    },
  };
}

/**
 * A filter's inbox must be one of the organization's: 404 otherwise, as for an inbox's `brandId`
 * (another organization's inbox answers exactly as one that does not exist).
 */
export async function requireOwnInbox(store: Store, principal: Principal, inboxId: string | undefined): Promise<void> {
  if (inboxId === undefined) return;
  if (!(await store.inboxes.find(visibleTo(principal), inboxId))) throw notFound('Inbox', inboxId);
}

export type AutomationsService = ReturnType<typeof automationsService>;
