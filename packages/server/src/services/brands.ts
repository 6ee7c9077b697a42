import type { Principal } from '../domain/api-key.js';
import type { Brand } from '../domain/organization.js';
import { notFound } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { recordAudit } from './audit.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';

export function brandsService(store: Store) {
  async function get(principal: Principal, id: string): Promise<Brand> {
    const brand = await store.brands.find(visibleTo(principal), id);
    if (!brand) throw notFound('Brand', id);
    return brand;
  }

  return {
    get,
    async create(principal: Principal, input: { name: string }): Promise<Brand> {
      const now = nowIso();
      const brand: Brand = {
        id: newId('brand'),
        orgId: principal.orgId,
        name: input.name,
        createdAt: now,
        updatedAt: now,
      };
      await store.transaction(async (tx) => {
        await tx.brands.insert(brand);
        await recordAudit(tx, principal, 'brand.created', brand.id, { name: brand.name });
      });
      return brand;
    },
    async list(principal: Principal, page: PageRequest) {
      return toPage(
        await store.brands.list(visibleTo(principal), { limit: pageSize(page), after: readCursor(page.cursor) }),
      );
    },
    async update(principal: Principal, id: string, changes: { name: string }): Promise<Brand> {
      await get(principal, id);
      return store.transaction(async (tx) => {
        const updated = await tx.brands.update(principal.orgId, id, changes, nowIso());
        if (!updated) throw notFound('Brand', id);
        await recordAudit(tx, principal, 'brand.updated', id, { changed: ['name'] });
        return updated;
      });
    },
    /**
     * Deletes the brand and the API keys scoped to it (says how many); its inboxes and their
     * feedback become organization-wide.
     */
    async delete(principal: Principal, id: string): Promise<{ id: string; deleted: true; apiKeysDeleted: number }> {
      await get(principal, id);
      const deletion = await store.transaction(async (tx) => {
        const deleted = await tx.deletions.brandWithKeys(principal.orgId, id);
        if (!deleted) throw notFound('Brand', id);
        await recordAudit(tx, principal, 'brand.deleted', id, { ...deleted });
        return deleted;
      });
      return { id, deleted: true, ...deletion };
    },
  };
}

export type BrandsService = ReturnType<typeof brandsService>;
