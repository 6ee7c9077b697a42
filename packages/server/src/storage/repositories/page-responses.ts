import type { AnswerValue, Contact } from '@hearback/forms';
import type { ResponseChannel, StoredPageResponse } from '../../domain/feedback-page.js';
import type { DialectAdapter } from '../dialect.js';
import type { PageResponsesTable } from '../schema.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';

function toPageResponse(row: PageResponsesTable): StoredPageResponse {
  return {
    id: row.id,
    orgId: row.org_id,
    pageId: row.page_id,
    brandId: row.brand_id,
    pageVersion: Number(row.page_version),
    answers: JSON.parse(row.answers) as Record<string, AnswerValue>,
    contact: row.contact === null ? null : (JSON.parse(row.contact) as Contact),
    context: row.context === null ? null : (JSON.parse(row.context) as Record<string, unknown>),
    channel: row.channel as ResponseChannel,
    ipAddress: row.ip_address,
    userAgent: row.user_agent,
    respondentHash: row.respondent_hash,
    createdAt: row.created_at,
  };
}

/** Every column of a row: a column added to the table does not compile until it is written here. */
function toRow(response: StoredPageResponse): Required<PageResponsesTable> {
  return {
    id: response.id,
    org_id: response.orgId,
    page_id: response.pageId,
    brand_id: response.brandId,
    page_version: response.pageVersion,
    answers: JSON.stringify(response.answers),
    contact: response.contact === null ? null : JSON.stringify(response.contact),
    context: response.context === null ? null : JSON.stringify(response.context),
    channel: response.channel,
    ip_address: response.ipAddress,
    user_agent: response.userAgent,
    respondent_hash: response.respondentHash,
    created_at: response.createdAt,
  };
}

/** Which responses of a page to read: newest first, from a cursor, from (inclusive) to (exclusive) instants. */
export interface ResponseQuery {
  limit: number;
  before: string | null;
  from?: string | undefined;
  to?: string | undefined;
}

/**
 * One person's responses, as an erasure names them: a top-level context member with this text
 * (exactly), or the contact's email (trimmed and lower-cased by the caller; compared so).
 */
export type RespondentMatch = { contextKey: string; contextValue: string } | { email: string };

/** Responses to feedback pages. Reads take a {@link BrandScope}, as the pages do. */
export function pageResponsesRepository(db: Executor, dialect: DialectAdapter) {
  function scoped(scope: BrandScope, pageId: string) {
    let query = db
      .selectFrom('page_responses')
      .selectAll()
      .where('org_id', '=', scope.orgId)
      .where('page_id', '=', pageId);
    if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
    return query;
  }

  return {
    async insert(response: StoredPageResponse): Promise<void> {
      await db.insertInto('page_responses').values(toRow(response)).execute();
    },
    /** Deletes one response the scope may see; false when there is none. */
    async delete(scope: BrandScope, pageId: string, id: string): Promise<boolean> {
      let query = db
        .deleteFrom('page_responses')
        .where('org_id', '=', scope.orgId)
        .where('page_id', '=', pageId)
        .where('id', '=', id);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Up to `limit` ids of the responses the scope may see, of any page, that `match` names; oldest first. */
    async idsMatching(scope: BrandScope, match: RespondentMatch, limit: number): Promise<string[]> {
      let query = db
        .selectFrom('page_responses')
        .select('id')
        .where('org_id', '=', scope.orgId)
        .where(
          'contextKey' in match
            ? dialect.jsonMemberIs('page_responses.context', match.contextKey, match.contextValue)
            : dialect.jsonMemberIs('page_responses.contact', 'email', match.email, 'caseless'),
        );
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      const rows = await query.orderBy('id').limit(limit).execute();
      return rows.map((row) => row.id);
    },
    /** Deletes the responses of `ids` the scope may see: each deleted one with its page, in id order. */
    async deleteMany(scope: BrandScope, ids: readonly string[]): Promise<{ id: string; pageId: string }[]> {
      if (ids.length === 0) return [];
      let query = db.deleteFrom('page_responses').where('org_id', '=', scope.orgId).where('id', 'in', ids);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      const rows = await query.returning(['id', 'page_id']).execute();
      return rows.map((row) => ({ id: row.id, pageId: row.page_id })).sort((a, b) => (a.id < b.id ? -1 : 1));
    },
    async find(scope: BrandScope, pageId: string, id: string): Promise<StoredPageResponse | undefined> {
      const row = await scoped(scope, pageId).where('id', '=', id).executeTakeFirst();
      return row && toPageResponse(row);
    },
    async list(scope: BrandScope, pageId: string, query: ResponseQuery) {
      let select = scoped(scope, pageId);
      if (query.before) select = select.where('id', '<', query.before);
      if (query.from) select = select.where('created_at', '>=', query.from);
      if (query.to) select = select.where('created_at', '<', query.to);
      const rows = await select
        .orderBy('id', 'desc')
        .limit(query.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, query.limit);
      return { items: pageRows.map(toPageResponse), lastId };
    },
    /** How many responses each of the organization's `pageIds` has; a page without any is absent. */
    async countByPage(orgId: string, pageIds: readonly string[]): Promise<Map<string, number>> {
      if (pageIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('page_responses')
        .select((eb) => ['page_id', eb.fn.countAll<number | string | bigint>().as('count')])
        .where('org_id', '=', orgId)
        .where('page_id', 'in', pageIds)
        .groupBy('page_id')
        .execute();
      // PostgreSQL's count is a bigint (text through pg), SQLite's a number.
      return new Map(rows.map((row) => [row.page_id, Number(row.count)]));
    },
    /** The organization's newest responses, of any page (REST hook samples). */
    async recent(orgId: string, limit: number): Promise<StoredPageResponse[]> {
      const rows = await db
        .selectFrom('page_responses')
        .selectAll()
        .where('org_id', '=', orgId)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
      return rows.map(toPageResponse);
    },
    /** Whether this respondent (a keyed hash of address and agent) already answered the page. */
    async respondentAnswered(pageId: string, respondentHash: string): Promise<boolean> {
      const row = await db
        .selectFrom('page_responses')
        .select('id')
        .where('page_id', '=', pageId)
        .where('respondent_hash', '=', respondentHash)
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
