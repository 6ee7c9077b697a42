import { EVENT_REGISTRY, EVENT_TYPES } from '@hearback/inputs';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zone.js';
import type { DialectAdapter, FeedbackRows } from '../dialect.js';
import type { BrandScope } from './brands.js';
import type { SearchTables } from './embeddings.js';
import type { Executor } from './executor.js';
import { timeZonesOf } from './feedback.js';
import { feedbackRollupsRepository } from './feedback-rollups.js';

/** What deleting an inbox took with it; `undefined` when there was no such inbox. */
export interface InboxDeletion {
  feedbackDeleted: number;
}

/** What deleting feedback items took with them: each item, with the inbox it was in and its notes (never its text). */
export interface FeedbackDeletion {
  items: { id: string; inboxId: string; notesDeleted: number }[];
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
/** The event types whose `data` is a resource of `root` (`feedback`, `response`): the registry's. */
const eventTypesOf = (root: string) => EVENT_TYPES.filter((type) => EVENT_REGISTRY[type].resourceRoot === root);

export function deletionsRepository(db: Executor, dialect: DialectAdapter) {
  /**
   * Deletes what the events of deleted items still hold of them: the events, so that no stream
   * resumed from before the delete replays them and no webhook is made from them, and the webhook
   * deliveries made from them, whose stored data a redelivery would send again. In the items'
   * deletion transaction. A delivery under way finishes; its result finds no row to record.
   */
  async function eventCopies(orgId: string, resourceRoot: 'feedback' | 'response', ids: readonly string[]) {
    if (ids.length === 0) return;
    const types = eventTypesOf(resourceRoot);
    await db
      .deleteFrom('webhook_deliveries')
      .where('org_id', '=', orgId)
      .where('event_type', 'in', types)
      .where(dialect.jsonMemberIs('webhook_deliveries.payload', 'id', ids))
      .execute();
    await db
      .deleteFrom('outbox')
      .where('org_id', '=', orgId)
      .where('type', 'in', types)
      .where(dialect.jsonMemberIs('outbox.payload', 'id', ids))
      .execute();
  }

  /**
   * The vector spaces (model and dimensions) the stored vectors of these items are in, an
   * organization's or some of them: the index tables their rows may be in.
   */
  async function vectorSpacesOf(which: FeedbackRows | { orgId: string }) {
    return db
      .withTables<SearchTables>()
      .selectFrom('feedback_embeddings')
      .select(['model', 'dim'])
      .distinct()
      .where('feedback_id', 'in', (eb) => {
        const items = eb.selectFrom('feedback').select('id').where('org_id', '=', which.orgId);
        if ('inboxId' in which) return items.where('inbox_id', '=', which.inboxId);
        return 'ids' in which ? items.where('id', 'in', which.ids) : items;
      })
      .execute();
  }

  return {
    eventCopies,
    /** Deletes the inbox and its feedback (their notes, tags and vectors cascade). */
    async inboxWithFeedback(orgId: string, inboxId: string): Promise<InboxDeletion | undefined> {
      const inbox = await db
        .selectFrom('inboxes')
        .select('id')
        .where('org_id', '=', orgId)
        .where('id', '=', inboxId)
        .$call((query) => dialect.forUpdate(query))
        .executeTakeFirst();
      if (!inbox) return undefined;
      await dialect.vectorIndex.removeFeedback(db, { orgId, inboxId }, await vectorSpacesOf({ orgId, inboxId }));
      const feedback = await db
        .deleteFrom('feedback')
        .where('org_id', '=', orgId)
        .where('inbox_id', '=', inboxId)
        .executeTakeFirst();
      await db.deleteFrom('inboxes').where('org_id', '=', orgId).where('id', '=', inboxId).execute();
      return { feedbackDeleted: Number(feedback.numDeletedRows) };
    },

    /**
     * Deletes the items of `ids` the scope may see, with everything that hangs off them: their
     * notes, tags and stored vectors (foreign keys cascade), their full-text rows (SQLite's trigger;
     * PostgreSQL's index is on the row), their rows in the vector index (sqlite-vec), their events
     * and webhook deliveries ({@link eventCopies}) and their
     * share of the daily counts, taken off in the organization's zone under the lock every
     * counting write takes before it reads the zone (see `dailyCountLocks`). The items are locked
     * first: a triage change waits, then finds nothing. Ids it cannot see are passed over.
     */
    async feedbackItems(scope: BrandScope, ids: readonly string[]): Promise<FeedbackDeletion> {
      if (ids.length === 0) return { items: [] };
      await dialect.dailyCountLocks.forCounting(db);
      let query = db
        .selectFrom('feedback')
        .select(['id', 'org_id', 'inbox_id', 'type', 'score', 'source', 'created_at'])
        .where('org_id', '=', scope.orgId)
        .where('id', 'in', ids);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      const rows = await query
        .orderBy('id')
        .$call((locked) => dialect.forUpdate(locked))
        .execute();
      if (rows.length === 0) return { items: [] };
      const found = rows.map((row) => row.id);
      const notes = await db
        .selectFrom('notes')
        .select((eb) => ['feedback_id', eb.fn.countAll<number | string>().as('count')])
        .where('org_id', '=', scope.orgId)
        .where('feedback_id', 'in', found)
        .groupBy('feedback_id')
        .execute();
      const notesOf = new Map(notes.map((row) => [row.feedback_id, Number(row.count)]));
      const items = { orgId: scope.orgId, ids: found };
      await dialect.vectorIndex.removeFeedback(db, items, await vectorSpacesOf(items));
      await db.deleteFrom('feedback').where('org_id', '=', scope.orgId).where('id', 'in', found).execute();
      await eventCopies(scope.orgId, 'feedback', found);
      const zones = await timeZonesOf(db, [scope.orgId]);
      await feedbackRollupsRepository(db).subtract(
        rows.map((row) => ({
          orgId: row.org_id,
          inboxId: row.inbox_id,
          type: row.type,
          score: row.score,
          source: row.source,
          createdAt: row.created_at,
        })),
        (orgId) => zones.get(orgId) ?? DEFAULT_TIME_ZONE,
      );
      return {
        items: rows.map((row) => ({ id: row.id, inboxId: row.inbox_id, notesDeleted: notesOf.get(row.id) ?? 0 })),
      };
    },

    /**
     * Deletes an organization: its inboxes with their feedback as {@link inboxWithFeedback} does
     * (vectors and their rows in the vector index included), then the organization, whose other
     * rows cascade.
     */
    async organization(orgId: string): Promise<boolean> {
      const inboxes = await db.selectFrom('inboxes').select('id').where('org_id', '=', orgId).execute();
      // Before the feedback goes: the index rows are found by the items' rowids.
      await dialect.vectorIndex.removeOrganization(db, orgId, await vectorSpacesOf({ orgId }));
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
