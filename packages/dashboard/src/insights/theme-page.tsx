import type { Feedback, ThemeFeedbackPage } from '@hearback/client';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useRouteContext } from '@tanstack/react-router';
import { ApiProblem } from '../api/client.js';
import { inboxesQuery } from '../api/organization.js';
import { listQueryOf } from '../inbox/inbox-search.js';
import { fullTime, timeAgo } from '../inbox/relative-time.js';
import { ScoreBadge } from '../inbox/score.js';
import { Alert } from '../ui/alert.js';
import { Button } from '../ui/button.js';
import { PageHeader } from '../ui/page-header.js';
import { inboxDatesOf } from './insights-period.js';
import { themeFeedbackQuery } from './insights-queries.js';
import { themeRoute } from './insights-route.js';
import type { ThemeSearch } from './insights-search.js';
import { changeText, itemCount, sentimentText } from './theme-text.js';
import './insights.css';

/** The period as the organization reads it: its first day to its last (`to` is exclusive). */
function periodText(from: string, to: string, timeZone: string): string {
  const format = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone });
  return format.formatRange(new Date(from), new Date(Date.parse(to) - 1));
}

/** One theme of a period: its label, size and change, and its items, each opening in the inbox. */
export function ThemePage() {
  const { orgId, themeId } = themeRoute.useParams();
  const search = themeRoute.useSearch();
  const { membership } = useRouteContext({ from: '/signed-in/orgs/$orgId' });
  const theme = useInfiniteQuery(themeFeedbackQuery(orgId, themeId, listQueryOf(search)));
  const first = theme.data?.pages[0];
  const items = theme.data?.pages.flatMap((page) => page.data) ?? [];
  const { from: _from, to: _to, ...filters } = search;

  return (
    <div className="insights theme-screen">
      <Link className="back-link" to="/orgs/$orgId/insights" params={{ orgId }} search={filters}>
        ← Insights
      </Link>
      <PageHeader title={first ? first.theme.label : 'Theme'} />
      {theme.isPending && <p className="muted">Grouping the period's comments by meaning…</p>}
      {theme.isError && <ThemeProblem error={theme.error} orgId={orgId} filters={filters} />}
      {first && (
        <>
          <ThemeFigures page={first} timeZone={membership.organization.timezone} />
          <section className="insights-section" aria-labelledby="theme-items-heading">
            <h2 id="theme-items-heading">Items of the theme</h2>
            <p className="muted" aria-live="polite">
              Showing {items.length.toLocaleString('en-US')} of {itemCount(first.theme.size)}, newest first.
            </p>
            <ThemeItems
              orgId={orgId}
              items={items}
              search={{ ...search, ...inboxDatesOf(first, membership.organization.timezone) }}
            />
            {theme.hasNextPage && (
              <Button className="load-more" onClick={() => theme.fetchNextPage()} pending={theme.isFetchingNextPage}>
                Load more
              </Button>
            )}
          </section>
        </>
      )}
    </div>
  );
}

function ThemeFigures({ page, timeZone }: { page: ThemeFeedbackPage; timeZone: string }) {
  const { theme } = page;
  const sentiment = sentimentText(theme.sentiment);
  return (
    <div className="theme-summary">
      <p className="theme-figures">
        <strong>{itemCount(theme.size)}</strong> · {changeText(theme)}
        {sentiment && <> · {sentiment}</>}
      </p>
      <p className="muted">
        {periodText(page.from, page.to, timeZone)}
        {theme.terms.length > 0 && <> · Distinctive words: {theme.terms.join(', ')}</>}
      </p>
    </div>
  );
}

function ThemeItems({ orgId, items, search }: { orgId: string; items: Feedback[]; search: ThemeSearch }) {
  const inboxes = useQuery(inboxesQuery(orgId));
  const inboxName = new Map(inboxes.data?.data.map((inbox) => [inbox.id, inbox.name]));
  return (
    <ol className="theme-items">
      {items.map((item) => (
        <li key={item.id} className="theme-item">
          <ScoreBadge item={item} />
          <Link
            className="theme-item-comment"
            to="/orgs/$orgId/inbox"
            params={{ orgId }}
            search={{ ...search, item: item.id }}
          >
            {item.comment ?? '(no comment)'}
          </Link>
          <span className="theme-item-meta">
            <span>{inboxName.get(item.inboxId) ?? 'Inbox'}</span>
            <time dateTime={item.createdAt} title={fullTime(item.createdAt)}>
              {timeAgo(item.createdAt)}
            </time>
          </span>
        </li>
      ))}
    </ol>
  );
}

function ThemeProblem({
  error,
  orgId,
  filters,
}: {
  error: Error;
  orgId: string;
  filters: Omit<ThemeSearch, 'from' | 'to'>;
}) {
  const back = (
    <Link to="/orgs/$orgId/insights" params={{ orgId }} search={filters}>
      Back to the themes of Insights
    </Link>
  );
  if (error instanceof ApiProblem && error.code === 'theme_not_found') {
    return (
      <Alert tone="info">
        This theme is no longer among the period's themes. Themes are found anew from the feedback each time they are
        shown, so feedback that arrived since can change them. {back}
      </Alert>
    );
  }
  if (error instanceof ApiProblem && error.code === 'search_unavailable') {
    return (
      <Alert tone="info">
        Themes group comments by meaning, which needs semantic search, and it is off on this server. {back}
      </Alert>
    );
  }
  return (
    <Alert>
      The theme could not be loaded: {error.message} {back}
    </Alert>
  );
}
