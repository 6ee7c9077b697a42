import type { Principal } from '../domain/api-key.js';
import type { Feedback } from '../domain/feedback.js';
import type { Page } from '../domain/organization.js';
import { ApiError } from '../errors/api-error.js';
import { encodeCursor } from '../lib/cursor.js';
import type { Embedder } from '../search/embedder.js';
import { MAX_CLUSTERS } from '../search/themes/cluster-vectors.js';
import type { Store } from '../storage/store.js';
import { visibleTo } from './access.js';
import { readDateBounds } from './date-bounds.js';
import { type PageRequest, pageSize, readCursor } from './pagination.js';
import {
  type ClusteredPeriods,
  findPeriodThemes,
  type PeriodThemes,
  type ThemePeriodQuery,
  type ThemeSummary,
} from './period-themes.js';
import { ClusteringCache } from './period-themes-cache.js';
import { searchUnavailable } from './search.js';

export const DEFAULT_THEME_LIMIT = 10;
/** As many themes as clustering may find. */
export const MAX_THEME_LIMIT = MAX_CLUSTERS;
/** How many of a theme's most central items it shows. */
export const THEME_REPRESENTATIVES = 3;

export interface ThemesQuery extends ThemePeriodQuery {
  limit?: number | undefined;
}

export interface FeedbackTheme extends ThemeSummary {
  representatives: Feedback[];
}

export type FeedbackThemes = Omit<PeriodThemes, 'themes'> & { themes: FeedbackTheme[] };

/** A page of one theme's items, newest first, with the theme and the period it was found in. */
export type ThemeFeedbackPage = Page<Feedback> & { from: string; to: string; theme: ThemeSummary };

const themeNotFound = (themeId: string) =>
  new ApiError(
    404,
    'theme_not_found',
    `No theme ${themeId} in this period with these filters. Themes are not stored: they are found anew from the period's feedback on each call, so they may change as feedback arrives; list the period's themes again.`,
  );

function summaryOf({ memberIds: _memberIds, ...summary }: PeriodThemes['themes'][number]): ThemeSummary {
  return summary;
}

/**
 * Recurring topics of a period's comments (`themes`) and the items of one of them (`feedback`),
 * both from one clustering step (`findPeriodThemes`). Needs the embedder (search on), for its
 * model's vectors.
 *
 * @example
 * const { themes } = await feedbackThemesService(store, embedder).themes(principal, { filters: {} });
 * const page = await feedbackThemesService(store, embedder).feedback(principal, themes[0].id, { filters: {} }, {});
 */
export function feedbackThemesService(
  store: Store,
  embedder: Embedder | undefined,
  // Per service, so per server process: another process's writes reach it through the rows read.
  clusterings = new ClusteringCache<ClusteredPeriods>(),
) {
  async function periodThemes(principal: Principal, query: ThemePeriodQuery): Promise<PeriodThemes> {
    if (!embedder) throw searchUnavailable();
    const period = await readDateBounds(store, principal.orgId, query);
    return findPeriodThemes(store, visibleTo(principal), embedder.model, period, clusterings);
  }

  return {
    /** The largest `limit` themes of the period, each with its most central items. */
    async themes(principal: Principal, query: ThemesQuery): Promise<FeedbackThemes> {
      const found = await periodThemes(principal, query);
      const shown = found.themes.slice(0, query.limit ?? DEFAULT_THEME_LIMIT);
      const representativeIds = shown.flatMap((theme) => theme.memberIds.slice(0, THEME_REPRESENTATIVES));
      const byId = new Map(
        (await store.feedback.findMany(visibleTo(principal), representativeIds)).map((item) => [item.id, item]),
      );
      return {
        ...found,
        themes: shown.map((theme) => ({
          ...summaryOf(theme),
          representatives: theme.memberIds.slice(0, THEME_REPRESENTATIVES).flatMap((id) => byId.get(id) ?? []),
        })),
      };
    },

    /**
     * A page of the items of the theme `themeId` of the period, newest first (ids are in time
     * order, so the cursor is the last id, as in the feedback list). 404 `theme_not_found` when
     * the period's themes, found again, hold no such id.
     */
    async feedback(
      principal: Principal,
      themeId: string,
      query: ThemePeriodQuery,
      page: PageRequest,
    ): Promise<ThemeFeedbackPage> {
      const before = readCursor(page.cursor);
      const found = await periodThemes(principal, query);
      const theme = found.themes.find((candidate) => candidate.id === themeId);
      if (!theme) throw themeNotFound(themeId);
      const newestFirst = [...theme.memberIds].sort().reverse();
      const remaining = before === null ? newestFirst : newestFirst.filter((id) => id < before);
      const ids = remaining.slice(0, pageSize(page));
      const byId = new Map((await store.feedback.findMany(visibleTo(principal), ids)).map((item) => [item.id, item]));
      const lastId = ids.at(-1);
      return {
        from: found.from,
        to: found.to,
        theme: summaryOf(theme),
        data: ids.flatMap((id) => byId.get(id) ?? []),
        nextCursor: remaining.length > ids.length && lastId ? encodeCursor(lastId) : null,
      };
    },
  };
}

export type FeedbackThemesService = ReturnType<typeof feedbackThemesService>;
