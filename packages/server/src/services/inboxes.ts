import type { Principal } from '../domain/api-key.js';
import { changedFields } from '../domain/audit.js';
import type { Inbox } from '../domain/organization.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { randomToken } from '../lib/secrets.js';
import { nowIso } from '../lib/time.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { recordAudit } from './audit.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';
import { planLimitError } from './plan-limits.js';
import { PLANS } from './plans.js';

/** Inbox keys are public (they ship in widget snippets): they route feedback, they do not authorize. */
export function newInbox(orgId: string, input: { name: string; brandId?: string | null | undefined }): Inbox {
  const now = nowIso();
  return {
    id: newId('inbox'),
    orgId,
    brandId: input.brandId ?? null,
    name: input.name,
    inboxKey: `ibx_${randomToken(20)}`,
    createdAt: now,
    updatedAt: now,
  };
}

/** A brand-scoped key works inside its brand; asking for another brand (or none) is refused, not ignored. */
function assertStaysInBrand(principal: Principal, brandId: string | null | undefined): void {
  if (principal.brandId && brandId !== undefined && brandId !== principal.brandId) {
    throw new ApiError(403, 'forbidden', 'A brand-scoped API key can only place inboxes in its own brand.');
  }
}

export function inboxesService(store: Store) {
  async function get(principal: Principal, id: string): Promise<Inbox> {
    const inbox = await store.inboxes.find(visibleTo(principal), id);
    if (!inbox) throw notFound('Inbox', id);
    return inbox;
  }

  async function assertBrandVisible(principal: Principal, brandId: string | null | undefined): Promise<void> {
    if (!brandId) return;
    if (!(await store.brands.find(visibleTo(principal), brandId))) throw notFound('Brand', brandId);
  }

  return {
    get,
    async create(principal: Principal, input: { name: string; brandId?: string | null | undefined }): Promise<Inbox> {
      assertStaysInBrand(principal, input.brandId);
      const brandId = principal.brandId ?? input.brandId ?? null;
      await assertBrandVisible(principal, brandId);
      return store.transaction(async (tx) => {
        const organization = await tx.organizations.find(principal.orgId);
        if (!organization) throw notFound('Organization', principal.orgId);
        const cap = PLANS[organization.plan].inboxes;
        if (cap !== null && (await tx.inboxes.count(principal.orgId)) >= cap) {
          throw planLimitError('inbox_limit_reached', organization.plan, cap);
        }
        const inbox = newInbox(principal.orgId, { name: input.name, brandId });
        await tx.inboxes.insert(inbox);
        await recordAudit(tx, principal, 'inbox.created', inbox.id, { name: inbox.name, brandId: inbox.brandId });
        return inbox;
      });
    },
    async list(principal: Principal, page: PageRequest) {
      return toPage(
        await store.inboxes.list(visibleTo(principal), { limit: pageSize(page), after: readCursor(page.cursor) }),
      );
    },
    async update(
      principal: Principal,
      id: string,
      changes: { name?: string | undefined; brandId?: string | null | undefined },
    ): Promise<Inbox> {
      await get(principal, id);
      // A brand-scoped key may not move an inbox out of its brand.
      assertStaysInBrand(principal, changes.brandId);
      const brandChange = principal.brandId ? undefined : changes.brandId;
      await assertBrandVisible(principal, brandChange);
      return store.transaction(async (tx) => {
        const updated = await tx.inboxes.update(
          principal.orgId,
          id,
          {
            ...(changes.name !== undefined && { name: changes.name }),
            ...(brandChange !== undefined && { brandId: brandChange }),
          },
          nowIso(),
        );
        if (!updated) throw notFound('Inbox', id);
        if (brandChange !== undefined) await tx.feedback.reassignBrand(principal.orgId, id, brandChange);
        await recordAudit(tx, principal, 'inbox.updated', id, {
          changed: changedFields({ name: changes.name, brandId: brandChange }),
        });
        return updated;
      });
    },
    /** Deletes the inbox with its feedback; says how many feedback items went with it. */
    async delete(principal: Principal, id: string): Promise<{ id: string; deleted: true; feedbackDeleted: number }> {
      await get(principal, id);
      const deletion = await store.transaction(async (tx) => {
        const deleted = await tx.deletions.inboxWithFeedback(principal.orgId, id);
        if (!deleted) throw notFound('Inbox', id);
        await recordAudit(tx, principal, 'inbox.deleted', id, { ...deleted });
        return deleted;
      });
      return { id, deleted: true, ...deletion };
    },
  };
}

export type InboxesService = ReturnType<typeof inboxesService>;
