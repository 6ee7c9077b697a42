import type { PageState, Question } from '@hearback/forms';
import type { FeedbackPage, PageSettings, PublicFeedbackPage } from '../../domain/feedback-page.js';
import type { DialectAdapter } from '../dialect.js';
import type { FeedbackPagesTable } from '../schema.js';
import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';
import { pageOf } from './executor.js';

function toFeedbackPage(row: FeedbackPagesTable): FeedbackPage {
  return {
    id: row.id,
    orgId: row.org_id,
    brandId: row.brand_id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    questions: JSON.parse(row.questions) as Question[],
    settings: JSON.parse(row.settings) as PageSettings,
    state: row.state as PageState,
    version: Number(row.version),
    publishedAt: row.published_at,
    closedAt: row.closed_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Every column of a row: a column added to the table does not compile until it is written here. */
function toRow(page: FeedbackPage): Required<FeedbackPagesTable> {
  return {
    id: page.id,
    org_id: page.orgId,
    brand_id: page.brandId,
    slug: page.slug,
    title: page.title,
    description: page.description,
    questions: JSON.stringify(page.questions),
    settings: JSON.stringify(page.settings),
    state: page.state,
    version: page.version,
    published_at: page.publishedAt,
    closed_at: page.closedAt,
    created_at: page.createdAt,
    updated_at: page.updatedAt,
  };
}

/** The unique index of page slugs within an organization (migration 0013). */
export const PAGE_SLUG_INDEX = {
  index: 'feedback_pages_slug_idx',
  table: 'feedback_pages',
  columns: ['org_id', 'slug'],
};

/**
 * Feedback pages, and the snapshot of each version's questions (what a response answered). Reads
 * take a {@link BrandScope}: a brand-scoped key sees its brand's pages only.
 */
export function feedbackPagesRepository(db: Executor, dialect: DialectAdapter) {
  function scoped(scope: BrandScope) {
    let query = db.selectFrom('feedback_pages').selectAll().where('org_id', '=', scope.orgId);
    if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
    return query;
  }

  async function countOnDay(pageId: string, day: string, what: 'views' | 'starts'): Promise<void> {
    await dialect.unsynced(db, (db) =>
      db
        .insertInto('page_daily_counts')
        .values({ page_id: pageId, day, views: what === 'views' ? 1 : 0, starts: what === 'starts' ? 1 : 0 })
        .onConflict((conflict) =>
          conflict
            .columns(['page_id', 'day'])
            .doUpdateSet((eb) => ({ [what]: eb(`page_daily_counts.${what}`, '+', 1) })),
        )
        .execute(),
    );
  }

  return {
    async insert(page: FeedbackPage): Promise<void> {
      await db.insertInto('feedback_pages').values(toRow(page)).execute();
    },
    async find(scope: BrandScope, id: string): Promise<FeedbackPage | undefined> {
      const row = await scoped(scope).where('id', '=', id).executeTakeFirst();
      return row && toFeedbackPage(row);
    },
    /**
     * A page by its public address: the organization's slug and the page's, with the
     * organization's time zone (read in the same query: a visitor's view needs it).
     */
    async findPublic(orgSlug: string, pageSlug: string): Promise<PublicFeedbackPage | undefined> {
      const row = await db
        .selectFrom('feedback_pages')
        .innerJoin('organizations', 'organizations.id', 'feedback_pages.org_id')
        .selectAll('feedback_pages')
        .select('organizations.timezone as org_time_zone')
        .where('organizations.slug', '=', orgSlug)
        .where('feedback_pages.slug', '=', pageSlug)
        .executeTakeFirst();
      return row && { ...toFeedbackPage(row), timeZone: row.org_time_zone };
    },
    async slugTaken(orgId: string, slug: string): Promise<boolean> {
      const row = await db
        .selectFrom('feedback_pages')
        .select('id')
        .where('org_id', '=', orgId)
        .where('slug', '=', slug)
        .executeTakeFirst();
      return row !== undefined;
    },
    async list(scope: BrandScope, page: { limit: number; after: string | null; state?: PageState | undefined }) {
      let query = scoped(scope);
      if (page.state) query = query.where('state', '=', page.state);
      if (page.after) query = query.where('id', '>', page.after);
      const rows = await query
        .orderBy('id')
        .limit(page.limit + 1)
        .execute();
      const { rows: pageRows, lastId } = pageOf(rows, page.limit);
      return { items: pageRows.map(toFeedbackPage), lastId };
    },
    /** Writes the whole page as given (the service read it in the same transaction). */
    async save(page: FeedbackPage): Promise<void> {
      const { id, org_id: _org, created_at: _created, ...columns } = toRow(page);
      await db
        .updateTable('feedback_pages')
        .set(columns)
        .where('org_id', '=', page.orgId)
        .where('id', '=', id)
        .execute();
    },
    async delete(scope: BrandScope, id: string): Promise<boolean> {
      let query = db.deleteFrom('feedback_pages').where('org_id', '=', scope.orgId).where('id', '=', id);
      if (scope.brandId) query = query.where('brand_id', '=', scope.brandId);
      const result = await query.executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },
    /** Keeps the questions of a version (once: a version's questions never change). */
    async saveVersion(pageId: string, version: number, questions: Question[], createdAt: string): Promise<void> {
      await db
        .insertInto('feedback_page_versions')
        .values({ page_id: pageId, version, questions: JSON.stringify(questions), created_at: createdAt })
        .onConflict((conflict) => conflict.columns(['page_id', 'version']).doNothing())
        .execute();
    },
    /** The questions a version asked; undefined for a version never published. */
    async versionQuestions(pageId: string, version: number): Promise<Question[] | undefined> {
      const row = await db
        .selectFrom('feedback_page_versions')
        .select('questions')
        .where('page_id', '=', pageId)
        .where('version', '=', version)
        .executeTakeFirst();
      return row && (JSON.parse(row.questions) as Question[]);
    },
    /**
     * Counts a view or a start of the page on a day (`YYYY-MM-DD`) of its organization's time zone,
     * which the caller reads: a visitor's page load never waits for an fsync of its own (a count
     * lost in a crash costs the analytics one view).
     */
    count: countOnDay,
    /**
     * Counts the start of a visit on its view's day, once: false when the visit had started already.
     * The primary key decides, so two beacons of one visit racing cannot both count. Two statements,
     * unsynced like the count: a crash between them loses that one start, never counts one twice.
     */
    async countStart(pageId: string, visit: { day: string; id: string }): Promise<boolean> {
      const inserted = await dialect.unsynced(db, (db) =>
        db
          .insertInto('page_started_visits')
          .values({ visit: visit.id, page_id: pageId, day: visit.day })
          .onConflict((conflict) => conflict.column('visit').doNothing())
          .executeTakeFirst(),
      );
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await countOnDay(pageId, visit.day, 'starts');
      return true;
    },
    /** Forgets started visits of days before `oldestDay` (`YYYY-MM-DD`): too old to start again, they guard nothing. */
    async forgetStartedVisits(oldestDay: string): Promise<number> {
      const result = await db.deleteFrom('page_started_visits').where('day', '<', oldestDay).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
