import type { Principal } from '../domain/api-key.js';
import type { OrganizationSecret } from '../domain/organization-secret.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { nowIso } from '../lib/time.js';
import { openOrganizationSecret, sealOrganizationSecret } from '../secrets/sealed-values.js';
import type { ServerSecrets } from '../secrets/server-secrets.js';
import type { Store } from '../storage/store.js';
import { secretsNamedBy } from '../webhooks/secret-references.js';
import { recordAudit } from './audit.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';

/** A stored secret that did not open (sealed under another master secret, or altered): left out, reported. */
export interface UnreadableSecret {
  orgId: string;
  name: string;
  error: unknown;
}

export interface OrganizationSecretsOptions {
  /** Where a value that fails to open is reported (never with the value, which nobody has). */
  onUnreadable?: ((unreadable: UnreadableSecret) => void) | undefined;
}

/**
 * An organization's named secrets (`{{secrets.NAME}}` in webhook templates). Values are sealed with
 * the server master secret before they reach the store, bound to the organization and the name,
 * and no answer of this service carries one: only {@link valuesFor} opens them, for the renderer.
 * They belong to the whole organization, so brand-scoped keys may not touch them (the operation
 * table's `organizationWide` refuses them before this service is called).
 */
export function organizationSecretsService(
  store: Store,
  secrets: ServerSecrets,
  options: OrganizationSecretsOptions = {},
) {
  const onUnreadable = options.onUnreadable ?? (() => {});

  return {
    /** Adds a secret; 409 `conflict` when the organization already has one of that name. */
    async create(principal: Principal, input: { name: string; value: string }): Promise<OrganizationSecret> {
      const { orgId } = principal;
      const now = nowIso();
      const sealed = sealOrganizationSecret(secrets, orgId, input.name, input.value);
      await store.transaction(async (tx) => {
        if (!(await tx.organizationSecrets.insert(orgId, input.name, sealed, now))) {
          throw new ApiError(
            409,
            'conflict',
            `A secret named ${input.name} exists; replace its value with PUT /organizations/${orgId}/secrets/${input.name}.`,
          );
        }
        // The name is the secret's id; the value is never recorded.
        await recordAudit(tx, principal, 'secret.created', input.name);
      });
      return { name: input.name, createdAt: now, updatedAt: now };
    },

    /** Creates the secret or replaces its value. */
    async put(principal: Principal, name: string, input: { value: string }): Promise<OrganizationSecret> {
      const sealed = sealOrganizationSecret(secrets, principal.orgId, name, input.value);
      return store.transaction(async (tx) => {
        const saved = await tx.organizationSecrets.upsert(principal.orgId, name, sealed, nowIso());
        const created = saved.createdAt === saved.updatedAt;
        await recordAudit(tx, principal, created ? 'secret.created' : 'secret.updated', name);
        return saved;
      });
    },

    /** A page of the organization's secrets by name: names and times, never values. */
    async list(principal: Principal, page: PageRequest) {
      return toPage(
        await store.organizationSecrets.list(principal.orgId, {
          limit: pageSize(page),
          after: readCursor(page.cursor),
        }),
      );
    },

    /**
     * Deletes the secret; 404 when the organization has none of that name, 409 `secret_in_use`
     * (naming them) while an automation or REST hook, enabled or not, references it: its deliveries
     * would otherwise go out without it.
     */
    async delete(principal: Principal, name: string): Promise<void> {
      await store.transaction(async (tx) => {
        if (!(await tx.organizationSecrets.delete(principal.orgId, name))) throw notFound('Secret', name);
        // Throwing rolls the deletion back.
        const users = (await tx.automations.templatesOf(principal.orgId)).filter((automation) =>
          secretsNamedBy(automation).includes(name),
        );
        if (users.length > 0) throw secretInUse(name, users);
        await recordAudit(tx, principal, 'secret.deleted', name);
      });
    },

    /**
     * Every secret value of the organization, opened, by name: what `{{secrets.NAME}}` renders.
     * Never throws for one value: a value that does not open is left out and reported, so the
     * webhook pipeline renders what it can (a missing secret is the renderer's to handle).
     *
     * @example
     * const values = await services.organizationSecrets.valuesFor(orgId);
     * values.get('SLACK_TOKEN');
     */
    async valuesFor(orgId: string): Promise<ReadonlyMap<string, string>> {
      const values = new Map<string, string>();
      for (const secret of await store.organizationSecrets.sealedOf(orgId)) {
        try {
          values.set(secret.name, openOrganizationSecret(secrets, orgId, secret.name, secret.sealedValue));
        } catch (error) {
          onUnreadable({ orgId, name: secret.name, error });
        }
      }
      return values;
    },
  };
}

function secretInUse(name: string, users: { id: string; name: string; kind: string }[]): ApiError {
  const listed = users.map((automation) => `${automation.name} (${automation.id})`).join(', ');
  return new ApiError(
    409,
    'secret_in_use',
    `The secret ${name} is used by ${listed}: remove {{secrets.${name}}} from them (or delete them) first.`,
    { extensions: { automations: users.map(({ id, name, kind }) => ({ id, name, kind })) } },
  );
}

export type OrganizationSecretsService = ReturnType<typeof organizationSecretsService>;
