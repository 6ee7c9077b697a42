import type { SavedView, SavedViewFilters } from '../../domain/saved-view.js';
import type { SavedViewsTable } from '../schema.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';

function toView(row: SavedViewsTable): SavedView {
  return {
    id: row.id,
    orgId: row.org_id,
    brandId: row.brand_id,
    name: row.name,
    filters: JSON.parse(row.filters) as SavedViewFilters,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** The unique index of view names in an organization (migration 0015). */
export const VIEW_NAME_INDEX = { index: 'saved_views_name_idx', table: 'saved_views', columns: ['org_id', 'name'] };

/** Saved views; reads take a {@link BrandScope}: a brand-scoped key sees its brand's views only. */
export function savedViewsRepository(db: Executor) {
  function scoped(scope: BrandScope) {
    let query = db.selectFrom('saved_views').selectAll().where('org_id', '=', scope.orgId);
    if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
    return query;
  }

  return {
    async insert(view: SavedView): Promise<void> {
      await db
        .insertInto('saved_views')
        .values({
          id: view.id,
          org_id: view.orgId,
          brand_id: view.brandId,
          name: view.name,
          filters: JSON.stringify(view.filters),
          created_at: view.createdAt,
          updated_at: view.updatedAt,
        })
        .execute();
    },
    async find(scope: BrandScope, id: string): Promise<SavedView | undefined> {
      const row = await scoped(scope).where('id', '=', id).executeTakeFirst();
      return row && toView(row);
    },
    async list(scope: BrandScope, page: { limit: number; after: string | null }) {
      let query = scoped(scope);
      if (page.after) query = query.where('id', '>', page.after);
      const rows = await query
        .orderBy('id')
        .limit(page.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, page.limit);
      return { items: pageRows.map(toView), lastId };
    },
    /** Writes name, filters and time as given (the service read the view in the same transaction). */
    async save(view: SavedView): Promise<void> {
      await db
        .updateTable('saved_views')
        .set({ name: view.name, filters: JSON.stringify(view.filters), updated_at: view.updatedAt })
        .where('org_id', '=', view.orgId)
        .where('id', '=', view.id)
        .execute();
    },
    async delete(orgId: string, id: string): Promise<void> {
      await db.deleteFrom('saved_views').where('org_id', '=', orgId).where('id', '=', id).execute();
    },
  };
}
