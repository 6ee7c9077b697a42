import type { FeedbackStatsQuery, FeedbackThemes } from '@hearback/client';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { InboxSearch } from '../inbox/inbox-search.js';
import { isSearchUnavailable, useSearchOff } from '../inbox/search-availability.js';
import { Alert } from '../ui/alert.js';
import { themesQuery } from './insights-queries.js';
import { changeText, itemCount as items, sentimentText, shareText as share } from './theme-text.js';

export interface ThemesSectionProps {
  orgId: string;
  /** The period (UTC instants) and the list filters. */
  period: { from: string; to: string };
  /** The screen's filters and period (as dates) in the inbox's terms, for the links that open a theme's items there. */
  inboxFilters: InboxSearch;
  filters: FeedbackStatsQuery;
}

/** The recurring topics of the period, each with its size, sample comments and a way into the inbox. */
export function ThemesSection({ orgId, period, inboxFilters, filters }: ThemesSectionProps) {
  // Not asked where the server says semantic search is off: the answer would be a 503.
  const searchOff = useSearchOff(orgId);
  const themes = useQuery({
    ...themesQuery(orgId, { ...filters, from: period.from, to: period.to }),
    enabled: !searchOff,
  });
  const pending = themes.isPending && !searchOff;
  return (
    <section className="insights-section" aria-labelledby="themes-heading" aria-busy={pending}>
      <h2 id="themes-heading">Themes of the period</h2>
      {pending && <p className="muted">Grouping the comments by meaning…</p>}
      {(searchOff || themes.isError) &&
        (searchOff || isSearchUnavailable(themes.error) ? (
          <Alert tone="info">
            Themes group comments by meaning, which needs semantic search, and it is off on this server. Set{' '}
            <code>HEARBACK_SEARCH</code> to <code>local</code> (the bundled model, the default) or <code>openai</code>{' '}
            and restart the server; comments collected before are indexed with <code>hearback search reindex</code>.
          </Alert>
        ) : (
          <Alert>Themes could not be loaded: {themes.error?.message}</Alert>
        ))}
      {themes.data && <ThemeList data={themes.data} orgId={orgId} period={period} inboxFilters={inboxFilters} />}
    </section>
  );
}

function ThemeList({
  data,
  orgId,
  period,
  inboxFilters,
}: {
  data: FeedbackThemes;
  orgId: string;
  period: { from: string; to: string };
  inboxFilters: InboxSearch;
}) {
  const waiting =
    data.unindexed > 0
      ? `${items(data.unindexed)} with a comment wait to be indexed and are not in the themes yet.`
      : '';
  if (data.themes.length === 0) {
    return (
      <p className="empty">
        {data.analyzed === 0
          ? 'No comments of this period to group yet.'
          : `No recurring topic among the ${items(data.analyzed)} with a comment.`}{' '}
        {waiting}
      </p>
    );
  }
  return (
    <>
      <p className="muted">
        {items(data.analyzed)} with a comment grouped by meaning; {items(data.unclustered)} in no theme.
        {data.truncated && ' Only the newest were analyzed: narrow the period or the filters to see all.'} {waiting}
      </p>
      <ol className="theme-list">
        {data.themes.map((theme) => (
          <li key={theme.id} className="theme">
            <h3 className="theme-label">
              <Link
                to="/orgs/$orgId/insights/themes/$themeId"
                params={{ orgId, themeId: theme.id }}
                search={{ ...inboxFilters, from: period.from, to: period.to }}
              >
                {theme.label}
              </Link>
            </h3>
            <p className="theme-figures">
              <strong>{items(theme.size)}</strong> ({share(theme.share)}) · {changeText(theme)}
              {sentimentText(theme.sentiment) && <> · {sentimentText(theme.sentiment)}</>}
            </p>
            <ul className="theme-samples" aria-label={`Sample comments of ${theme.label}`}>
              {theme.representatives.map((item) => (
                <li key={item.id}>
                  <Link
                    className="clamp-lines"
                    to="/orgs/$orgId/inbox"
                    params={{ orgId }}
                    search={{ ...inboxFilters, item: item.id }}
                  >
                    {item.comment ?? '(no comment)'}
                  </Link>
                </li>
              ))}
            </ul>
            {theme.terms[0] && (
              <Link
                className="theme-open"
                to="/orgs/$orgId/inbox"
                params={{ orgId }}
                search={{ ...inboxFilters, q: theme.terms[0] }}
              >
                Open “{theme.terms[0]}” comments in the inbox
              </Link>
            )}
          </li>
        ))}
      </ol>
    </>
  );
}
