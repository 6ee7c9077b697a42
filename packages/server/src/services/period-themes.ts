import { createHash } from 'node:crypto';
import type { FeedbackFilters } from '../domain/feedback.js';
import { roundTo, scaledScore } from '../domain/satisfaction-scores.js';
import { ApiError } from '../errors/api-error.js';
import { bytesToVector } from '../search/embedder.js';
import { clusterVectors, countMembers } from '../search/themes/cluster-vectors.js';
import { themeTerms } from '../search/themes/theme-terms.js';
import type { BrandScope } from '../storage/repositories/brands.js';
import type { EmbeddedComment } from '../storage/repositories/embeddings.js';
import type { Store } from '../storage/store.js';
import { type ClusteringCache, clusteringKey } from './period-themes-cache.js';

/**
 * The most items a period's themes are found among (the newest): clustering 5,000 vectors takes
 * about a quarter of a second on one core, and a reader learns nothing more from the 5,001st.
 */
export const MAX_THEME_ITEMS = 5_000;
/** The period when none is asked: the last 7 days. */
export const DEFAULT_THEME_DAYS = 7;
/** A theme holds at least this many items, and {@link MIN_THEME_SHARE} of those analyzed. */
export const MIN_THEME_SIZE = 3;
export const MIN_THEME_SHARE = 0.02;
/** A label made of a central comment (when no term stands out) is cut to this many characters. */
const COMMENT_LABEL_LENGTH = 60;
const DAY_MS = 86_400_000;

/** A period (default: the {@link DEFAULT_THEME_DAYS} days up to now) and the list's filters. */
export interface ThemePeriodQuery {
  /** Dates or date-times as given (the service reads them with `readDateBounds`), then instants; `to` exclusive. */
  from?: string | undefined;
  to?: string | undefined;
  filters: Omit<FeedbackFilters, 'from' | 'to'>;
}

/** A theme as both answers describe it: what it is about, how large, how it changed. */
export interface ThemeSummary {
  id: string;
  label: string;
  terms: string[];
  size: number;
  share: number;
  previousSize: number;
  change: number | null;
  sentiment: { scored: number; average: number | null };
}

/** A theme found in a period, with the ids of its items, most central first. */
export interface PeriodTheme extends ThemeSummary {
  memberIds: string[];
}

/** Every theme of a period, largest first, and what was analyzed to find them. */
export interface PeriodThemes {
  from: string;
  to: string;
  previousFrom: string;
  analyzed: number;
  truncated: boolean;
  previousAnalyzed: number;
  unindexed: number;
  unclustered: number;
  themes: PeriodTheme[];
}

/** What clustering makes of the rows read: every part of the answer but the period and `unindexed`. */
export type ClusteredPeriods = Omit<PeriodThemes, 'from' | 'to' | 'previousFrom' | 'unindexed'>;

const badRange = (message: string) =>
  new ApiError(400, 'validation_failed', message, { errors: [{ path: 'from', message }] });

/** The period asked for (default: the 7 days up to now) and the one of the same length before it. */
function periodsOf(query: ThemePeriodQuery): { from: string; to: string; previousFrom: string } {
  const to = query.to ? Date.parse(query.to) : Date.now();
  const from = query.from ? Date.parse(query.from) : to - DEFAULT_THEME_DAYS * DAY_MS;
  if (from >= to) throw badRange('`from` must be before `to`.');
  const previousFrom = from - (to - from);
  if (previousFrom < Date.parse('0000-01-01T00:00:00Z'))
    throw badRange('The period before `from` starts before year 0.');
  const iso = (instant: number) => new Date(instant).toISOString();
  return { from: iso(from), to: iso(to), previousFrom: iso(previousFrom) };
}

function sentimentOf(items: readonly EmbeddedComment[]): ThemeSummary['sentiment'] {
  const scores = items.flatMap((item) => {
    const scaled = scaledScore(item.type, item.score);
    return scaled === null ? [] : [scaled];
  });
  const average =
    scores.length === 0 ? null : roundTo(scores.reduce((sum, value) => sum + value, 0) / scores.length, 2);
  return { scored: scores.length, average };
}

/** A stable id for the label: the same label gives the same id in every answer. */
function themeIdOf(label: string, taken: Set<string>): string {
  let id = `thm_${createHash('sha256').update(label).digest('hex').slice(0, 16)}`;
  for (let suffix = 2; taken.has(id); suffix++) {
    id = `thm_${createHash('sha256').update(`${label}#${suffix}`).digest('hex').slice(0, 16)}`;
  }
  taken.add(id);
  return id;
}

function commentLabel(comment: string): string {
  const text = comment.replace(/\s+/g, ' ').trim();
  return text.length <= COMMENT_LABEL_LENGTH ? text : `${text.slice(0, COMMENT_LABEL_LENGTH - 1).trimEnd()}…`;
}

/**
 * Clusters the rows read (search/themes/), labels each cluster by its distinctive terms and counts
 * how many of the previous period's items it would have held.
 */
function clusterPeriods(read: readonly EmbeddedComment[], previous: readonly EmbeddedComment[]): ClusteredPeriods {
  const items = read.slice(0, MAX_THEME_ITEMS);
  const clustering = clusterVectors(
    items.map((item) => bytesToVector(item.vector)),
    { minClusterSize: Math.max(MIN_THEME_SIZE, Math.ceil(MIN_THEME_SHARE * items.length)) },
  );
  const previousSizes = countMembers(
    clustering,
    previous.map((item) => bytesToVector(item.vector)),
  );
  const commentsOf = (indices: readonly number[]) => indices.map((index) => items[index]?.comment ?? '');
  const terms = themeTerms([
    ...clustering.clusters.map((cluster) => commentsOf(cluster.members)),
    commentsOf(clustering.outliers),
  ]);
  const taken = new Set<string>();
  const themes = clustering.clusters.map((cluster, index): PeriodTheme => {
    const members = cluster.members.flatMap((member) => items[member] ?? []);
    const described = terms[index] ?? { terms: [], label: '' };
    const label = described.label || commentLabel(members[0]?.comment ?? '');
    const previousSize = previousSizes[index] ?? 0;
    return {
      id: themeIdOf(label, taken),
      label,
      terms: described.terms,
      size: members.length,
      share: roundTo(members.length / items.length, 3),
      previousSize,
      change: previousSize === 0 ? null : roundTo((members.length - previousSize) / previousSize, 3),
      sentiment: sentimentOf(members),
      memberIds: members.map((member) => member.feedbackId),
    };
  });
  return {
    analyzed: items.length,
    truncated: read.length > MAX_THEME_ITEMS,
    previousAnalyzed: previous.length,
    unclustered: clustering.outliers.length,
    themes,
  };
}

/**
 * The one step both theme answers take: the newest {@link MAX_THEME_ITEMS} items of the period
 * with a vector of `model` are clustered (search/themes/), each cluster labelled by its distinctive
 * terms and compared with the period of the same length before (how many of that period's items
 * the cluster would have held). Every theme kept by clustering is returned, so a theme's id is the
 * same whatever `limit` a caller later applies (ids are given in order, largest first).
 *
 * Clustering is most of the cost (about 90 % at the cap), so it is done once per state of the rows:
 * the rows' ids and versions are read first (no comments, no vectors) and a clustering of exactly
 * those rows is taken from `cache` (see period-themes-cache.ts), or from a clustering of them under
 * way for a concurrent call; otherwise the rows are read whole, clustered, and kept under the key of
 * the rows that were clustered (not of the versions read before, which a write in between may have
 * changed).
 *
 * @example
 * const { themes } = await findPeriodThemes(store, visibleTo(principal), embedder.model, { filters: {} }, cache);
 */
export async function findPeriodThemes(
  store: Store,
  scope: BrandScope,
  model: string,
  query: ThemePeriodQuery,
  cache: ClusteringCache<ClusteredPeriods>,
): Promise<PeriodThemes> {
  const { from, to, previousFrom } = periodsOf(query);
  const current = { ...query.filters, from, to };
  const before = { ...query.filters, from: previousFrom, to: from };
  const [currentVersions, previousVersions, unindexed] = await Promise.all([
    store.embeddings.newestEmbeddedVersions(scope, current, model, MAX_THEME_ITEMS + 1),
    store.embeddings.newestEmbeddedVersions(scope, before, model, MAX_THEME_ITEMS),
    store.embeddings.countUnembedded(scope, current, model),
  ]);
  const answer = (clustered: ClusteredPeriods): PeriodThemes => ({
    from,
    to,
    previousFrom,
    analyzed: clustered.analyzed,
    truncated: clustered.truncated,
    previousAnalyzed: clustered.previousAnalyzed,
    unindexed,
    unclustered: clustered.unclustered,
    themes: clustered.themes,
  });
  const key = clusteringKey(scope, model, { current: currentVersions, previous: previousVersions });
  const clustered = await cache.share(key, async () => {
    const [read, previous] = await Promise.all([
      store.embeddings.newestEmbedded(scope, current, model, MAX_THEME_ITEMS + 1),
      store.embeddings.newestEmbedded(scope, before, model, MAX_THEME_ITEMS),
    ]);
    return { key: clusteringKey(scope, model, { current: read, previous }), value: clusterPeriods(read, previous) };
  });
  return answer(clustered);
}
