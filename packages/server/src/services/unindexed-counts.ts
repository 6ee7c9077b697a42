import type { BrandScope } from '../storage/repositories/brands.js';
import type { Store } from '../storage/store.js';

/**
 * How long a scope's count of items without a vector is served without a recount. Counting walks
 * every item of the scope (hundreds of milliseconds at 100k items), which a search cannot pay each
 * time. Vectors stored by this process drop the count at once (see `forget`); vectors stored by
 * another process (a `hearback worker`, other servers on PostgreSQL) and items collected show
 * within this window.
 */
export const UNINDEXED_FRESH_MS = 5_000;
/** Scopes (organization, brand, model) whose count is kept; the one counted longest ago goes first. */
export const UNINDEXED_CACHED_SCOPES = 1_000;

export interface UnindexedCountsOptions {
  /** Milliseconds on a monotonic clock (tests step it); default `performance.now()`. */
  now?: () => number;
  freshMs?: number;
  maxScopes?: number;
}

interface Entry {
  orgId: string;
  /** Undefined until the first count settles. */
  value: number | undefined;
  countedAt: number;
  recount: Promise<number> | undefined;
}

/**
 * The number of items of a scope still without a vector of a model, as search reports it
 * (`unindexed`): cached per scope and model, served stale while one recount per scope runs in the
 * background, so a search pays nothing for it but the first of its scope, which waits for the count.
 *
 * @example
 * const counts = unindexedCounts(store);
 * const unindexed = await counts.get({ orgId, brandId: null }, embedder.model);
 * counts.forget(orgId); // after storing vectors of the organization
 */
export function unindexedCounts(store: Store, options: UnindexedCountsOptions = {}) {
  const now = options.now ?? (() => performance.now());
  const freshMs = options.freshMs ?? UNINDEXED_FRESH_MS;
  const maxScopes = options.maxScopes ?? UNINDEXED_CACHED_SCOPES;
  const entries = new Map<string, Entry>();
  const running = new Set<Promise<number>>();
  const keyOf = (scope: BrandScope, model: string) => JSON.stringify([scope.orgId, scope.brandId, model]);

  function keep(key: string, entry: Entry): void {
    // Re-inserted last, so the map's first key is always the one counted longest ago.
    entries.delete(key);
    entries.set(key, entry);
    for (const oldest of entries.keys()) {
      if (entries.size <= maxScopes) break;
      entries.delete(oldest);
    }
  }

  function recount(key: string, entry: Entry, scope: BrandScope, model: string): Promise<number> {
    const startedAt = now();
    const counting = store.embeddingBacklog
      .count(scope.orgId, { missingModel: model, brandId: scope.brandId })
      .then((value) => {
        // Dropped meanwhile (`forget`): vectors were stored after this count began, so it may be too high.
        if (entries.get(key) === entry) {
          entry.value = value;
          entry.countedAt = startedAt;
          keep(key, entry);
        }
        return value;
      })
      .finally(() => {
        entry.recount = undefined;
        running.delete(counting);
      });
    entry.recount = counting;
    running.add(counting);
    return counting;
  }

  return {
    /**
     * The scope's count: the cached one while fresh; past {@link UNINDEXED_FRESH_MS}, still the
     * cached one while a recount runs in the background (a failed recount keeps it); the first time,
     * the count itself.
     */
    async get(scope: BrandScope, model: string): Promise<number> {
      const key = keyOf(scope, model);
      let entry = entries.get(key);
      if (!entry) {
        entry = { orgId: scope.orgId, value: undefined, countedAt: 0, recount: undefined };
        keep(key, entry);
      }
      if (entry.value === undefined) return entry.recount ?? recount(key, entry, scope, model);
      if (!entry.recount && now() - entry.countedAt >= freshMs) {
        recount(key, entry, scope, model).catch(() => {});
      }
      return entry.value;
    },

    /**
     * Corrects the cached count with what a search saw: `seen` items of the scope without a vector
     * mean at least that many. A count found too low is recounted on the next `get`.
     */
    atLeast(scope: BrandScope, model: string, counted: number, seen: number): number {
      if (seen <= counted) return counted;
      const entry = entries.get(keyOf(scope, model));
      if (entry?.value !== undefined && entry.value < seen) {
        entry.value = seen;
        entry.countedAt = Number.NEGATIVE_INFINITY;
      }
      return seen;
    },

    /** Resolves once the counts running now have settled (before the database closes; in tests). */
    async settled(): Promise<void> {
      await Promise.allSettled([...running]);
    },

    /** Drops the organization's counts (this process stored vectors for it): the next `get` counts again. */
    forget(orgId: string): void {
      for (const [key, entry] of entries) if (entry.orgId === orgId) entries.delete(key);
    },
  };
}

export type UnindexedCounts = ReturnType<typeof unindexedCounts>;
