import type { ApiKey, KeyScope } from '../../domain/api-key.js';
import type { VersionedCache } from '../lookup-cache.js';
import type { ApiKeysTable } from '../schema.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';

export interface StoredApiKey extends ApiKey {
  secretHash: string;
}

export function toApiKey(row: ApiKeysTable): StoredApiKey {
  return {
    id: row.id,
    orgId: row.org_id,
    brandId: row.brand_id,
    name: row.name,
    scopes: row.scopes.split(',').filter(Boolean) as KeyScope[],
    hint: row.secret_hint,
    expiresAt: row.expires_at,
    revokedAt: row.revoked_at,
    lastUsedAt: row.last_used_at,
    createdAt: row.created_at,
    secretHash: row.secret_hash,
  };
}

export function apiKeysRepository(db: Executor, cache?: VersionedCache<StoredApiKey>) {
  const selectForAuthentication = async (id: string) => {
    const row = await db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toApiKey(row);
  };

  return {
    async insert(key: StoredApiKey): Promise<void> {
      await db
        .insertInto('api_keys')
        .values({
          id: key.id,
          org_id: key.orgId,
          brand_id: key.brandId,
          name: key.name,
          scopes: key.scopes.join(','),
          secret_hash: key.secretHash,
          secret_hint: key.hint,
          expires_at: key.expiresAt,
          revoked_at: key.revokedAt,
          last_used_at: key.lastUsedAt,
          created_at: key.createdAt,
        })
        .execute();
    },
    /** Authentication lookup by key id alone; the caller checks the secret hash. */
    findForAuthentication(id: string): Promise<StoredApiKey | undefined> {
      return cache ? cache.get(id, () => selectForAuthentication(id)) : selectForAuthentication(id);
    },
    async find(scope: BrandScope, id: string): Promise<StoredApiKey | undefined> {
      let query = db.selectFrom('api_keys').selectAll().where('org_id', '=', scope.orgId).where('id', '=', id);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      const row = await query.executeTakeFirst();
      return row && toApiKey(row);
    },
    async list(scope: BrandScope, page: { limit: number; after: string | null }) {
      let query = db.selectFrom('api_keys').selectAll().where('org_id', '=', scope.orgId);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      if (page.after) query = query.where('id', '>', page.after);
      const rows = await query
        .orderBy('id')
        .limit(page.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, page.limit);
      return { items: pageRows.map(toApiKey), lastId };
    },
    async update(
      orgId: string,
      id: string,
      changes: { name?: string; revokedAt?: string; expiresAt?: string | null },
    ): Promise<StoredApiKey | undefined> {
      const row = await db
        .updateTable('api_keys')
        .set({
          ...(changes.name !== undefined && { name: changes.name }),
          ...(changes.revokedAt !== undefined && { revoked_at: changes.revokedAt }),
          ...(changes.expiresAt !== undefined && { expires_at: changes.expiresAt }),
        })
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      return row && toApiKey(row);
    },
    async touch(id: string, usedAt: string): Promise<void> {
      await db.updateTable('api_keys').set({ last_used_at: usedAt }).where('id', '=', id).execute();
    },
    async delete(orgId: string, id: string): Promise<boolean> {
      const result = await db
        .deleteFrom('api_keys')
        .where('org_id', '=', orgId)
        .where('id', '=', id)
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
  };
}
