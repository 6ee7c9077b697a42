import type {
  Feedback,
  FeedbackActivity,
  FeedbackDeletion,
  FeedbackErasure,
  FeedbackErasureInput,
  FeedbackExportQuery,
  FeedbackListQuery,
  FeedbackStats,
  FeedbackStatsQuery,
  FeedbackThemes,
  FeedbackThemesQuery,
  FeedbackTrends,
  FeedbackTrendsQuery,
  FeedbackUpdate,
  PageQuery,
  SearchResults,
  TagCount,
  ThemeFeedbackPage,
  ThemeFeedbackQuery,
} from '@hearback/client';
import { Paginator } from '../pagination.js';
import type { RequestOptions, SimilarOptions } from '../transport/request-options.js';
import type { ResourceContext } from './context.js';
import {
  type FeedbackStreamEvent,
  type FeedbackStreamOptions,
  type FeedbackStreamQuery,
  feedbackStream,
} from './feedback-stream.js';
import { NotesResource } from './notes.js';

/** Feedback of the organization: list with filters, read, triage; `notes` on each item. */
export class FeedbackResource {
  /** Internal notes on a feedback item. */
  readonly notes: NotesResource;

  constructor(private readonly context: ResourceContext) {
    this.notes = new NotesResource(context);
  }

  /**
   * Every feedback item matching `query`, newest first, fetched page by page as you iterate
   * (`limit` is the page size). `q` keeps comments containing a text (case-insensitive; for
   * search by meaning, see `hearback.search()`).
   *
   * @example
   * for await (const item of hearback.feedback.list({ type: 'nps', scoreMax: 6, status: 'new' })) {
   *   console.log(item.score, item.comment);
   * }
   */
  list(query: FeedbackListQuery = {}, options?: RequestOptions): Paginator<Feedback> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId };
      return this.context.call(
        'listFeedback',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/feedback', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  /**
   * Totals, average scores, NPS, CSAT and breakdowns by type, source, inbox and status of the
   * feedback matching the list filters.
   *
   * @example
   * const { total, nps } = await hearback.feedback.stats({ from: '2026-11-01', inboxId: 'inb_…' });
   */
  async stats(query: FeedbackStatsQuery = {}, options?: RequestOptions): Promise<FeedbackStats> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'getFeedbackStats',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback/stats', { params: { path, query }, ...attempt }),
      options,
    );
  }

  /**
   * The organization's feedback tags with how many items carry each, most used first, then by
   * name (a brand-scoped key counts its brand's items only): the tags to offer as `tag` filters.
   *
   * @example
   * const tags = await hearback.feedback.tags(); // [{ tag: 'billing', count: 12 }, …]
   */
  async tags(options?: RequestOptions): Promise<TagCount[]> {
    const path = { orgId: this.context.orgId };
    const { data } = await this.context.call(
      'listTags',
      (attempt) => this.context.client.GET('/organizations/{orgId}/tags', { params: { path }, ...attempt }),
      options,
    );
    return data;
  }

  /**
   * Count, average score, NPS and CSAT per day, week or month, in the organization's time zone
   * (every bucket present, zeros included); with `groupBy`, one series per type, inbox, source
   * or brand. Without `from`, the last 30 days, 12 weeks or 12 months.
   *
   * @example
   * const { series } = await hearback.feedback.trends({ interval: 'week', groupBy: 'inbox' });
   */
  async trends(query: FeedbackTrendsQuery = {}, options?: RequestOptions): Promise<FeedbackTrends> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'getFeedbackTrends',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback/trends', { params: { path, query }, ...attempt }),
      options,
    );
  }

  /**
   * The recurring topics of a period's comments (default: the last 7 days), found by meaning,
   * largest first: each with a label of its distinctive words, its size, its change against the
   * period before (as long) and its most central items. Needs semantic search on the server.
   *
   * @example
   * const { themes } = await hearback.feedback.themes({ from: '2026-11-16', to: '2026-11-22' });
   * for (const theme of themes) console.log(theme.label, theme.size, theme.change);
   */
  async themes(query: FeedbackThemesQuery = {}, options?: RequestOptions): Promise<FeedbackThemes> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'getFeedbackThemes',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback/themes', { params: { path, query }, ...attempt }),
      options,
    );
  }

  /**
   * Every item of one theme of a period, newest first, fetched page by page as you iterate; each
   * of `pages()` also carries the theme (label, size, change) and the period. Pass the period and
   * filters the theme was found with: themes are found anew on each call, so a theme the
   * period no longer has is a `HearbackApiError` with code `theme_not_found`.
   *
   * @example
   * const { themes } = await hearback.feedback.themes({ from: '2026-11-16', to: '2026-11-22' });
   * for await (const item of hearback.feedback.themeItems(themes[0].id, { from: '2026-11-16', to: '2026-11-22' })) {
   *   console.log(item.comment);
   * }
   */
  themeItems(
    themeId: string,
    query: ThemeFeedbackQuery = {},
    options?: RequestOptions,
  ): Paginator<Feedback, ThemeFeedbackPage> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId, themeId };
      return this.context.call(
        'listThemeFeedback',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/feedback/themes/{themeId}/feedback', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }

  /**
   * Every feedback item matching the list's filters as one file's text, newest first: CSV
   * (`format: 'csv'`, the default; formulas neutralised), one JSON array (`json`) or one item a
   * line (`ndjson`). The server streams it; this method reads it whole.
   *
   * @example
   * const csv = await hearback.feedback.export({ type: 'nps', from: '2026-11-01' });
   * await writeFile('feedback.csv', csv);
   */
  async export(query: FeedbackExportQuery = {}, options?: RequestOptions): Promise<string> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'exportFeedback',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback/export', {
          params: { path, query },
          parseAs: 'text',
          ...attempt,
        }),
      options,
    );
  }

  /**
   * Feedback as it arrives and changes, live (Server-Sent Events): `feedback.created` and
   * `feedback.updated` events of the items matching the list filters, from now on (or after
   * `options.lastEventId`). Reconnects by itself, resuming after the last event received, so
   * nothing is missed or repeated; stop with `break` or `options.signal`.
   *
   * @example
   * for await (const event of hearback.feedback.stream({ type: 'nps', scoreMax: 6 })) {
   *   console.log(event.type, event.feedback.score, event.feedback.comment);
   * }
   */
  stream(query: FeedbackStreamQuery = {}, options: FeedbackStreamOptions = {}): AsyncGenerator<FeedbackStreamEvent> {
    return feedbackStream(this.context, query, options);
  }

  /**
   * The other feedback closest in meaning to item `id` (likely duplicates), most similar first.
   * Not counted as a search; throws `search_unavailable` (503) when the server runs without
   * semantic search.
   *
   * @example
   * const { data } = await hearback.feedback.similar('fb_…', { limit: 5 });
   */
  async similar(id: string, options: SimilarOptions = {}): Promise<SearchResults> {
    const { limit, ...requestOptions } = options;
    const path = { orgId: this.context.orgId, id };
    return this.context.call(
      'similarFeedback',
      (attempt) =>
        this.context.client.GET('/organizations/{orgId}/feedback/{id}/similar', {
          params: { path, query: { limit } },
          ...attempt,
        }),
      requestOptions,
    );
  }

  async get(id: string, options?: RequestOptions): Promise<Feedback> {
    const path = { orgId: this.context.orgId, id };
    return this.context.call(
      'getFeedback',
      (attempt) => this.context.client.GET('/organizations/{orgId}/feedback/{id}', { params: { path }, ...attempt }),
      options,
    );
  }

  /**
   * Triage: set `status`, assign a member (`assigneeId`, a user id; `null` unassigns), link an
   * issue-tracker issue (`issueLink: { url }`), or unlink it (`null`).
   *
   * @example
   * await hearback.feedback.update('fb_…', { status: 'triaged', assigneeId: 'usr_…', issueLink: { url: 'https://github.com/acme/app/issues/12' } });
   */
  async update(id: string, input: FeedbackUpdate, options?: RequestOptions): Promise<Feedback> {
    const path = { orgId: this.context.orgId, id };
    return this.context.call(
      'updateFeedback',
      (attempt) =>
        this.context.client.PATCH('/organizations/{orgId}/feedback/{id}', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  /**
   * Deletes the item for good (spam, or a person's erasure request), with its notes, issue link,
   * assignment, search vectors and its share of stats and trends; resolves to how many notes went
   * with it. Needs a key with the `write` scope. A second delete is a 404 `not_found`.
   *
   * @example
   * const { notesDeleted } = await hearback.feedback.delete('fb_…');
   */
  async delete(id: string, options?: RequestOptions): Promise<FeedbackDeletion> {
    const path = { orgId: this.context.orgId, id };
    return this.context.call(
      'deleteFeedback',
      (attempt) => this.context.client.DELETE('/organizations/{orgId}/feedback/{id}', { params: { path }, ...attempt }),
      options,
    );
  }

  /**
   * Deletes everything one person sent: every item whose `context` has the one member given with
   * that text value, as {@link delete} does, in batches on the server; resolves to how many went
   * (0 when none matched). Needs a key with the `write` scope.
   *
   * @example
   * const { deleted } = await hearback.feedback.erase({ context: { userId: 'u_42' } });
   */
  async erase(input: FeedbackErasureInput, options?: RequestOptions): Promise<FeedbackErasure> {
    const path = { orgId: this.context.orgId };
    return this.context.call(
      'eraseFeedback',
      (attempt) =>
        this.context.client.POST('/organizations/{orgId}/feedback/erase', {
          params: { path },
          body: input,
          ...attempt,
        }),
      options,
    );
  }

  /**
   * The item's history, oldest first, page by page as you iterate: status changes, assignment,
   * issue links and notes, each with who made it (`actor.name`: the key's or the member's name).
   *
   * @example
   * for await (const change of hearback.feedback.activity('fb_…')) {
   *   console.log(change.at, change.actor.name, change.kind, change.from, change.to);
   * }
   */
  activity(id: string, query: PageQuery = {}, options?: RequestOptions): Paginator<FeedbackActivity> {
    return new Paginator(async (cursor) => {
      const path = { orgId: this.context.orgId, id };
      return this.context.call(
        'getFeedbackActivity',
        (attempt) =>
          this.context.client.GET('/organizations/{orgId}/feedback/{id}/activity', {
            params: { path, query: { ...query, cursor } },
            ...attempt,
          }),
        options,
      );
    }, query.cursor);
  }
}
