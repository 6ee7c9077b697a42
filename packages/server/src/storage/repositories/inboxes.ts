import type { Inbox } from '../../domain/organization.js';
import type { VersionedCache } from '../lookup-cache.js';
import type { InboxesTable } from '../schema.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';

export function toInbox(row: InboxesTable): Inbox {
  return {
    id: row.id,
    orgId: row.org_id,
    brandId: row.brand_id,
    name: row.name,
    inboxKey: row.inbox_key,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function inboxesRepository(db: Executor, cache?: VersionedCache<Inbox>) {
  const selectByKey = async (inboxKey: string) => {
    const row = await db.selectFrom('inboxes').selectAll().where('inbox_key', '=', inboxKey).executeTakeFirst();
    return row && toInbox(row);
  };

  return {
    async insert(inbox: Inbox): Promise<void> {
      await db
        .insertInto('inboxes')
        .values({
          id: inbox.id,
          org_id: inbox.orgId,
          brand_id: inbox.brandId,
          name: inbox.name,
          inbox_key: inbox.inboxKey,
          created_at: inbox.createdAt,
          updated_at: inbox.updatedAt,
        })
        .execute();
    },
    async find(scope: BrandScope, id: string): Promise<Inbox | undefined> {
      let query = db.selectFrom('inboxes').selectAll().where('org_id', '=', scope.orgId).where('id', '=', id);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      const row = await query.executeTakeFirst();
      return row && toInbox(row);
    },
    findByKey(inboxKey: string): Promise<Inbox | undefined> {
      return cache ? cache.get(inboxKey, () => selectByKey(inboxKey)) : selectByKey(inboxKey);
    },
    async list(scope: BrandScope, page: { limit: number; after: string | null }) {
      let query = db.selectFrom('inboxes').selectAll().where('org_id', '=', scope.orgId);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      if (page.after) query = query.where('id', '>', page.after);
      const rows = await query
        .orderBy('id')
        .limit(page.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, page.limit);
      return { items: pageRows.map(toInbox), lastId };
    },
    async count(orgId: string): Promise<number> {
      const row = await db
        .selectFrom('inboxes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('org_id', '=', orgId)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },
    async update(
      orgId: string,
      id: string,
      changes: { name?: string; brandId?: string | null },
      updatedAt: string,
    ): Promise<Inbox | undefined> {
      const row = await db
        .updateTable('inboxes')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.brandId !== undefined && { brand_id: changes.brandId }),
          updated_at: updatedAt,
        })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toInbox(row);
    },
    async delete(orgId: string, id: string): Promise<boolean> {
      const result = await db.deleteFrom('inboxes').where('org_id', '=', orgId).where('id', '=', id).executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
