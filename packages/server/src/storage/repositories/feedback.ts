import type { Feedback, FeedbackFilters, FeedbackStatus, FeedbackType, IssueLink } from '../../domain/feedback.js';
import { DEFAULT_TIME_ZONE } from '../../domain/time-zone.js';
import type { CompiledInserts } from '../compiled-inserts.js';
import type { DialectAdapter } from '../dialect.js';
import type { FeedbackTable } from '../schema.js';
import { storedText } from '../stored-text.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';
import { feedbackMatches } from './feedback-filters.js';
import { feedbackRollupsRepository } from './feedback-rollups.js';
import { feedbackTagsRepository } from './feedback-tags.js';

/** The time zone of each organization, read in the caller's transaction. */
export async function timeZonesOf(db: Executor, orgIds: string[]): Promise<Map<string, string>> {
  const rows = await db.selectFrom('organizations').select(['id', 'timezone']).where('id', 'in', orgIds).execute();
  return new Map(rows.map((row) => [row.id, row.timezone]));
}

/** A new item: it has no tags yet (`/collect` takes none; triage adds them). */
export interface NewFeedback extends Omit<Feedback, 'tags'> {
  idempotencyKey: string | null;
  /** What was submitted under `idempotencyKey` (see ingest/collect-fingerprint.ts); none when absent. */
  idempotencyFingerprint?: string | null;
}

/** The row stored under an idempotency key: its id, and the fingerprint of what was submitted. */
export interface KeyedFeedback {
  id: string;
  /** Null for rows stored before fingerprints were kept. */
  fingerprint: string | null;
}

function toFeedback(row: FeedbackTable, tags: string[]): Feedback {
  return {
    id: row.id,
    orgId: row.org_id,
    inboxId: row.inbox_id,
    brandId: row.brand_id,
    type: row.type as FeedbackType,
    score: row.score,
    comment: row.comment,
    context: JSON.parse(row.context) as Record<string, unknown>,
    source: row.source,
    status: row.status as FeedbackStatus,
    issueLink: row.issue_link ? (JSON.parse(row.issue_link) as IssueLink) : null,
    assigneeId: row.assignee_id,
    tags,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * The row stored for a new feedback item (also written by collect-insert.ts). `Required<…>`: a
 * column added to FeedbackTable, even an optional one, does not compile until it is written here.
 */
export function toFeedbackRow(feedback: NewFeedback): Required<FeedbackTable> {
  return {
    id: feedback.id,
    org_id: feedback.orgId,
    inbox_id: feedback.inboxId,
    brand_id: feedback.brandId,
    type: feedback.type,
    score: feedback.score,
    comment: feedback.comment,
    context: JSON.stringify(feedback.context),
    source: feedback.source,
    status: feedback.status,
    issue_link: feedback.issueLink ? JSON.stringify(feedback.issueLink) : null,
    assignee_id: feedback.assigneeId,
    idempotency_key: feedback.idempotencyKey === null ? null : storedText(feedback.idempotencyKey),
    idempotency_fingerprint: feedback.idempotencyFingerprint ?? null,
    created_at: feedback.createdAt,
    updated_at: feedback.updatedAt,
  };
}

export function feedbackRepository(db: Executor, dialect: DialectAdapter, inserts?: CompiledInserts) {
  const tags = feedbackTagsRepository(db);
  /** Every item read is answered with its tags: one more query for the rows read, whatever their number. */
  async function withTags(rows: FeedbackTable[]): Promise<Feedback[]> {
    const tagsOf = await tags.of(rows.map((row) => row.id));
    return rows.map((row) => toFeedback(row, tagsOf.get(row.id) ?? []));
  }
  const oneWithTags = async (row: FeedbackTable | undefined) => (row ? (await withTags([row]))[0] : undefined);

  return {
    /**
     * Stores new items and counts them in the daily counts, on their days in their organization's
     * zone, in one transaction (the caller's, or one of its own).
     */
    async insertMany(items: NewFeedback[]): Promise<void> {
      if (items.length === 0) return;
      const rows = items.map(toFeedbackRow);
      const write = async (tx: Executor) => {
        await dialect.dailyCountLocks.forCounting(tx);
        const zones = await timeZonesOf(tx, [...new Set(items.map((item) => item.orgId))]);
        const build = () => tx.insertInto('feedback').values(rows);
        await (inserts ? inserts.run(tx, 'feedback', rows, build) : build().execute());
        await feedbackRollupsRepository(tx, undefined, inserts).add(
          items,
          (orgId) => zones.get(orgId) ?? DEFAULT_TIME_ZONE,
        );
      };
      await (db.isTransaction ? write(db) : db.transaction().execute(write));
    },
    /** Feedback follows its inbox when the inbox moves to another brand. */
    async reassignBrand(orgId: string, inboxId: string, brandId: string | null): Promise<void> {
      await db
        .updateTable('feedback')
        .set({ brand_id: brandId })
        .where('org_id', '=', orgId)
        .where('inbox_id', '=', inboxId)
        .execute();
    },
    /** The rows already stored under these idempotency keys, keyed by the keys as given. */
    async findByIdempotencyKeys(orgId: string, keys: string[]): Promise<Map<string, KeyedFeedback>> {
      if (keys.length === 0) return new Map();
      // Looked up in the form they were written in (see toFeedbackRow), and answered under the
      // caller's own text: a key that is not valid Unicode reads back different from how it came.
      const rows = await db
        .selectFrom('feedback')
        .select(['id', 'idempotency_key', 'idempotency_fingerprint'])
        .where('org_id', '=', orgId)
        .where('idempotency_key', 'in', [...new Set(keys.map(storedText))])
        .execute();
      const rowOf = new Map(
        rows.map((row) => [row.idempotency_key as string, { id: row.id, fingerprint: row.idempotency_fingerprint }]),
      );
      const found = new Map<string, KeyedFeedback>();
      for (const key of keys) {
        const row = rowOf.get(storedText(key));
        if (row !== undefined) found.set(key, row);
      }
      return found;
    },
    /**
     * Up to `limit` ids of the items the scope may see whose context has the top-level member
     * `key` with the text `value`, oldest first (an erasure's next batch).
     */
    async idsWithContextMember(scope: BrandScope, key: string, value: string, limit: number): Promise<string[]> {
      let query = db
        .selectFrom('feedback')
        .select('id')
        .where('org_id', '=', scope.orgId)
        .where(dialect.jsonMemberIs('feedback.context', key, value));
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      const rows = await query.orderBy('id').limit(limit).execute();
      return rows.map((row) => row.id);
    },
    async find(scope: BrandScope, id: string): Promise<Feedback | undefined> {
      let query = db.selectFrom('feedback').selectAll().where('org_id', '=', scope.orgId).where('id', '=', id);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      return oneWithTags(await query.executeTakeFirst());
    },
    /**
     * {@link find}, holding the row until the transaction ends (PostgreSQL; SQLite's one writer
     * holds it anyway): what a change reads as "before" is still so when it writes.
     */
    async findForUpdate(scope: BrandScope, id: string): Promise<Feedback | undefined> {
      let query = db.selectFrom('feedback').selectAll().where('org_id', '=', scope.orgId).where('id', '=', id);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      return oneWithTags(await query.$call((locked) => dialect.forUpdate(locked)).executeTakeFirst());
    },
    /** The items among `ids` the scope may see, in no particular order. */
    async findMany(scope: BrandScope, ids: readonly string[]): Promise<Feedback[]> {
      if (ids.length === 0) return [];
      let query = db.selectFrom('feedback').selectAll().where('org_id', '=', scope.orgId).where('id', 'in', ids);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      return withTags(await query.execute());
    },
    /** Newest first; `before` is the last id of the previous page. */
    async list(scope: BrandScope, filters: FeedbackFilters, page: { limit: number; before: string | null }) {
      let query = db.selectFrom('feedback').selectAll().where(feedbackMatches(scope, filters));
      if (page.before) query = query.where('id', '<', page.before);
      const rows = await query
        .orderBy('id', 'desc')
        .limit(page.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, page.limit);
      return { items: await withTags(pageRows), lastId };
    },
    async update(
      scope: BrandScope,
      id: string,
      changes: { status?: FeedbackStatus; issueLink?: IssueLink | null; assigneeId?: string | null },
      updatedAt: string,
    ): Promise<Feedback | undefined> {
      let query = db
        .updateTable('feedback')
        .set({
          ...(changes.status !== undefined && { status: changes.status }),
          ...(changes.issueLink !== undefined && {
            issue_link: changes.issueLink ? JSON.stringify(changes.issueLink) : null,
          }),
          ...(changes.assigneeId !== undefined && { assignee_id: changes.assigneeId }),
          updated_at: updatedAt,
        })
        .where('org_id', '=', scope.orgId)
        .where('id', '=', id);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      return oneWithTags(await query.returningAll().executeTakeFirst());
    },
    /** Unassigns a member's items in an organization (they left it); returns the items as they are now. */
    async unassignAll(orgId: string, assigneeId: string, updatedAt: string): Promise<Feedback[]> {
      const rows = await db
        .updateTable('feedback')
        .set({ assignee_id: null, updated_at: updatedAt })
        .where('org_id', '=', orgId)
        .where('assignee_id', '=', assigneeId)
        .returningAll()
        .execute();
      return withTags(rows);
    },
  };
}
