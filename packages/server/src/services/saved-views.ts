import type { Principal } from '../domain/api-key.js';
import { changedFields } from '../domain/audit.js';
import type { Page } from '../domain/organization.js';
import type { SavedView, SavedViewFilters } from '../domain/saved-view.js';
import { ApiError, notFound } from '../errors/api-error.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { VIEW_NAME_INDEX } from '../storage/repositories/saved-views.js';
import type { Repositories, Store } from '../storage/store.js';
import { isUniqueViolation } from '../storage/unique-violation.js';
import { visibleTo } from './access.js';
import { recordAudit } from './audit.js';
import { type PageRequest, pageSize, readCursor, toPage } from './pagination.js';

export interface SavedViewInput {
  name: string;
  filters: SavedViewFilters;
}

/** A name the unique index refused: 409, as two views of one name would be told apart by nobody. */
function asNameTaken(name: string | undefined) {
  return (error: unknown): never => {
    if (isUniqueViolation(error, VIEW_NAME_INDEX)) {
      throw new ApiError(409, 'conflict', `The organization already has a view named ${name}.`, {
        errors: [{ path: 'name', message: 'Taken by another view of the organization.' }],
      });
    }
    throw error;
  };
}

/**
 * Saved views: named feedback list filters, shared by the organization. A brand-scoped key's views
 * are its brand's (it sees and changes those only); names are unique in the organization.
 */
export function savedViewsService(store: Store) {
  async function find(principal: Principal, id: string, tx: Repositories = store): Promise<SavedView> {
    const view = await tx.savedViews.find(visibleTo(principal), id);
    if (!view) throw notFound('View', id);
    return view;
  }

  return {
    get: (principal: Principal, id: string) => find(principal, id),

    async list(principal: Principal, page: PageRequest): Promise<Page<SavedView>> {
      return toPage(
        await store.savedViews.list(visibleTo(principal), { limit: pageSize(page), after: readCursor(page.cursor) }),
      );
    },

    async create(principal: Principal, input: SavedViewInput): Promise<SavedView> {
      return store
        .transaction(async (tx) => {
          const now = nowIso();
          const view: SavedView = {
            id: newId('view'),
            orgId: principal.orgId,
            brandId: principal.brandId,
            name: input.name,
            filters: input.filters,
            createdAt: now,
            updatedAt: now,
          };
          await tx.savedViews.insert(view);
          await recordAudit(tx, principal, 'view.created', view.id, { name: view.name });
          return view;
        })
        .catch(asNameTaken(input.name));
    },

    /** Renames it or replaces its filters (the filters given are the whole new set). */
    async update(principal: Principal, id: string, changes: Partial<SavedViewInput>): Promise<SavedView> {
      return store
        .transaction(async (tx) => {
          const existing = await find(principal, id, tx);
          const view: SavedView = {
            ...existing,
            ...(changes.name !== undefined && { name: changes.name }),
            ...(changes.filters !== undefined && { filters: changes.filters }),
            updatedAt: nowIso(),
          };
          await tx.savedViews.save(view);
          await recordAudit(tx, principal, 'view.updated', id, { changed: changedFields(changes) });
          return view;
        })
        .catch(asNameTaken(changes.name));
    },

    async delete(principal: Principal, id: string): Promise<{ id: string; deleted: true }> {
      await store.transaction(async (tx) => {
        const view = await find(principal, id, tx);
        await tx.savedViews.delete(principal.orgId, id);
        await recordAudit(tx, principal, 'view.deleted', id, { name: view.name });
      });
      return { id, deleted: true };
    },
  };
}

export type SavedViewsService = ReturnType<typeof savedViewsService>;
