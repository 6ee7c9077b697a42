import type { Brand } from '../../domain/organization.js';
import type { BrandsTable } from '../schema.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';

function toBrand(row: BrandsTable): Brand {
  return { id: row.id, orgId: row.org_id, name: row.name, createdAt: row.created_at, updatedAt: row.updated_at };
}

export interface BrandScope {
  orgId: string;
  /** Brand-scoped keys only ever see their own brand. */
  brandId: string | null;
}

export function brandsRepository(db: Executor) {
  return {
    async insert(brand: Brand): Promise<void> {
      await db
        .insertInto('brands')
        .values({
          id: brand.id,
          org_id: brand.orgId,
          name: brand.name,
          created_at: brand.createdAt,
          updated_at: brand.updatedAt,
        })
        .execute();
    },
    async find(scope: BrandScope, id: string): Promise<Brand | undefined> {
      let query = db.selectFrom('brands').selectAll().where('org_id', '=', scope.orgId).where('id', '=', id);
      if (scope.brandId) query = query.where('id', '=', scope.brandId);
      const row = await query.executeTakeFirst();
      return row && toBrand(row);
    },
    async list(scope: BrandScope, page: { limit: number; after: string | null }) {
      let query = db.selectFrom('brands').selectAll().where('org_id', '=', scope.orgId);
      if (scope.brandId) query = query.where('id', '=', scope.brandId);
      if (page.after) query = query.where('id', '>', page.after);
      const rows = await query
        .orderBy('id')
        .limit(page.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, page.limit);
      return { items: pageRows.map(toBrand), lastId };
    },
    async update(orgId: string, id: string, changes: { name: string }, updatedAt: string): Promise<Brand | undefined> {
      const row = await db
        .updateTable('brands')
        .set({ name: changes.name, updated_at: updatedAt })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toBrand(row);
    },
    async delete(orgId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('brands').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
