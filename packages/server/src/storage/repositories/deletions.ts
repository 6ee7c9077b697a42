import type { DialectAdapter } from '../dialect.js';
import type { Executor } from './executor.js';

/** What deleting an inbox took with it; `undefined` when there was no such inbox. */
export interface InboxDeletion {
  feedbackDeleted: number;
}

/** What deleting a brand took with it; `undefined` when there was no such brand. */
export interface BrandDeletion {
  apiKeysDeleted: number;
}

/**
 * Deletes that take other rows with them and say how many, so the answer can tell the user. The
 * foreign keys would cascade by themselves, but silently: these delete the dependent rows first and
 * count them. Call inside a transaction. On PostgreSQL the parent row is locked first, so a row
 * added meanwhile (a `/collect` into the inbox, a key for the brand) waits and then fails instead
 * of being cascaded uncounted.
 */
export function deletionsRepository(db: Executor, dialect: DialectAdapter) {
  return {
    /** Deletes the inbox and its feedback (their notes and vectors cascade). */
    async inboxWithFeedback(orgId: string, inboxId: string): Promise<InboxDeletion | undefined> {
      const inbox = await db
        .selectFrom('inboxes')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', '=', inboxId)
        .$call((query) => dialect.forUpdate(query))
        .executeTakeFirst();
      if (!inbox) return undefined;
      const feedback = await db
        .deleteFrom('feedback')
        .where('org_id', '=', orgId)
        .where('inbox_id', '=', inboxId)
        .executeTakeFirst();
      await db.deleteFrom('inboxes').where('org_id', '=', orgId).where('id', '=', inboxId).execute();
      return { feedbackDeleted: Number(feedback.numDeletedRows) };
    },

    /**
     * Deletes an organization: its inboxes with their feedback as {@link inboxWithFeedback} does
     * (vectors included), then the organization, whose other rows cascade.
     */
    async organization(orgId: string): Promise<boolean> {
      const inboxes = await db.selectFrom('inboxes').select('id').where('org_id', '=', orgId).execute();
      await db.deleteFrom('feedback').where('org_id', '=', orgId).execute();
      for (const inbox of inboxes) await db.deleteFrom('inboxes').where('id', '=', inbox.id).execute();
      const deleted = await db.deleteFrom('organizations').where('id', '=', orgId).executeTakeFirst();
      return Number(deleted.numDeletedRows) > 0;
    },

    /**
     * Deletes the brand and the API keys scoped to it; its inboxes and their feedback become
     * organization-wide (the inboxes' foreign key sets null; feedback carries the brand unkeyed).
     */
    async brandWithKeys(orgId: string, brandId: string): Promise<BrandDeletion | undefined> {
      const brand = await db
        .selectFrom('brands')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', '=', brandId)
        .$call((query) => dialect.forUpdate(query))
        .executeTakeFirst();
      if (!brand) return undefined;
      const keys = await db
        .deleteFrom('api_keys')
        .where('org_id', '=', orgId)
        .where('brand_id', '=', brandId)
        .executeTakeFirst();
      await db
        .updateTable('feedback')
        .set({ brand_id: null })
        .where('org_id', '=', orgId)
        .where('brand_id', '=', brandId)
        .execute();
      await db.deleteFrom('brands').where('org_id', '=', orgId).where('id', '=', brandId).execute();
      return { apiKeysDeleted: Number(keys.numDeletedRows) };
    },
  };
}

export type DeletionsRepository = ReturnType<typeof deletionsRepository>;
