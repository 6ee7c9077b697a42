import { type Kysely, sql } from 'kysely';

/**
 * The list of one brand, newest first (`brandId`, or a brand-scoped key): without it SQLite walks
 * the organization's items newest first and PostgreSQL all items by id, keeping the brand's, which
 * reads every item for a brand with few. Measured by `bench/brand-filter.mjs` (300,000 items of one
 * organization; brands of 71,000, 14,000 and 457 items; the machine loaded by other work): the rare
 * brand's first page took 11–105 ms on SQLite and read about 2,000 buffers (8–14 ms) on PostgreSQL;
 * with this index 0.2 ms and 6 buffers (0.5 ms). The larger brands were fast either way. Partial:
 * items without a brand (every item of an organization without brands) are not in it, so they cost
 * ingest nothing. Both dialects use it for `brand_id = ?`, which implies `brand_id is not null`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('feedback_brand_idx')
    .on('feedback')
    .columns(['org_id', 'brand_id', 'id'])
    .where(sql.ref('brand_id'), 'is not', null)
    .execute();
}
