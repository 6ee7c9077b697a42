import type { BrandScope } from './brands.js';
import type { Executor } from './executor.js';

/** A tag of an organization and how many items (a scope may see) carry it. */
export interface TagCount {
  tag: string;
  count: number;
}

/** Feedback items' tags (`feedback_tags`): stored normalized, read sorted. */
export function feedbackTagsRepository(db: Executor) {
  return {
    /** The tags of each of `ids`, sorted; an item without tags has no entry. */
    async of(ids: readonly string[]): Promise<Map<string, string[]>> {
      const tagsOf = new Map<string, string[]>();
      if (ids.length === 0) return tagsOf;
      const rows = await db
        .selectFrom('feedback_tags')
        .select(['feedback_id', 'tag'])
        .where('feedback_id', 'in', [...new Set(ids)])
        .execute();
      for (const row of rows) {
        const tags = tagsOf.get(row.feedback_id);
        if (tags) tags.push(row.tag);
        else tagsOf.set(row.feedback_id, [row.tag]);
      }
      // Sorted here, not by SQL: the two dialects' collations order text differently.
      for (const tags of tagsOf.values()) tags.sort();
      return tagsOf;
    },

    /**
     * Makes `tags` (normalized, without duplicates) the item's whole set: the others go, the new
     * ones are added, and a tag it keeps keeps its row (and when it was added). The caller has
     * checked the item is the organization's and locked it.
     */
    async replace(orgId: string, feedbackId: string, tags: readonly string[], createdAt: string): Promise<void> {
      let removal = db.deleteFrom('feedback_tags').where('feedback_id', '=', feedbackId);
      if (tags.length > 0) removal = removal.where('tag', 'not in', tags);
      await removal.execute();
      if (tags.length === 0) return;
      await db
        .insertInto('feedback_tags')
        .values(tags.map((tag) => ({ feedback_id: feedbackId, org_id: orgId, tag, created_at: createdAt })))
        .onConflict((conflict) => conflict.columns(['feedback_id', 'tag']).doNothing())
        .execute();
    },

    /** The organization's tags on the items the scope may see, most used first, then by name. */
    async counts(scope: BrandScope): Promise<TagCount[]> {
      let query = db
        .selectFrom('feedback_tags')
        .select((eb) => ['feedback_tags.tag', eb.fn.countAll<number | string>().as('count')])
        .where('feedback_tags.org_id', '=', scope.orgId);
      if (scope.brandId) {
        const brandId = scope.brandId;
        query = query.where('feedback_tags.feedback_id', 'in', (eb) =>
          eb.selectFrom('feedback').select('id').where('org_id', '=', scope.orgId).where('brand_id', '=', brandId),
        );
      }
      const rows = await query.groupBy('feedback_tags.tag').execute();
      return rows
        .map((row) => ({ tag: row.tag, count: Number(row.count) }))
        .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
    },
  };
}

export type FeedbackTagsRepository = ReturnType<typeof feedbackTagsRepository>;
