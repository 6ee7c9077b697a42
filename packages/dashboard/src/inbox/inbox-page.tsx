import type { Feedback, FeedbackUpdate } from '@hearback/client';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { membersQuery } from '../api/organization.js';
import { usePermissions } from '../app/permissions.js';
import { Button } from '../ui/button.js';
import { BulkBar } from './bulk-bar.js';
import { FeedbackPane } from './feedback-pane.js';
import { feedbackListQuery, useUpdateFeedback } from './feedback-queries.js';
import { FeedbackRow } from './feedback-row.js';
import { InboxFilters } from './inbox-filters.js';
import { inboxRoute } from './inbox-route.js';
import { type InboxSearch, isFiltered, listQueryOf, scoreRangeError } from './inbox-search.js';
import { meaningSearchQuery } from './meaning-search.js';
import { SavedViews } from './saved-views.js';
import { noteSearchOff, useSearchOff } from './search-availability.js';
import { matchesTriageFilters } from './triage-match.js';
import { type StreamState, useFeedbackStream } from './use-feedback-stream.js';
import { useSelection } from './use-selection.js';
import { useTriageKeys } from './use-triage-keys.js';

const STREAM_LABELS: Record<StreamState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  reconnecting: 'Reconnecting…',
  closed: 'Not live',
  off: 'Not live',
};

/** The inbox: the live, filtered list of feedback, its open item, bulk and keyboard triage. */
export function InboxPage() {
  const { orgId } = inboxRoute.useParams();
  const search = inboxRoute.useSearch();
  const navigate = useNavigate({ from: inboxRoute.fullPath });
  const { may } = usePermissions();
  const query = useMemo(() => listQueryOf(search), [search]);
  // A reversed score range is said beside its field; nothing is asked that the API would refuse.
  const askable = !scoreRangeError(query);
  const list = useInfiniteQuery({ ...feedbackListQuery(orgId, query), enabled: askable });
  const byMeaning = useQuery({
    ...meaningSearchQuery(orgId, search.meaning ?? '', query),
    enabled: askable && !!search.meaning,
  });
  const members = useQuery(membersQuery(orgId));
  const queryClient = useQueryClient();
  const searchOff = useSearchOff(orgId);
  // Hybrid search answers by words alone, with `unindexed: null`, when the server's search is off.
  const answeredByWords = byMeaning.data?.unindexed === null;
  useEffect(() => {
    if (answeredByWords) noteSearchOff(queryClient, orgId);
  }, [answeredByWords, queryClient, orgId]);
  const update = useUpdateFeedback(orgId);
  const [arrived, setArrived] = useState<ReadonlySet<string>>(new Set());
  const assignee = useRef<HTMLSelectElement>(null);

  const onArrive = useCallback((item: Feedback) => setArrived((ids) => new Set(ids).add(item.id)), []);
  const stream = useFeedbackStream(orgId, query, onArrive, askable);

  const items = search.meaning
    ? (byMeaning.data?.data.map((hit) => hit.feedback) ?? [])
    : (list.data?.pages.flatMap((page) => page.data) ?? []);
  const shown = search.meaning ? byMeaning : list;
  const selection = useSelection(
    JSON.stringify([query, search.meaning]),
    items.map((item) => item.id),
  );
  const openIndex = items.findIndex((item) => item.id === search.item);
  const setSearch = (change: Partial<InboxSearch>) =>
    navigate({ search: (previous) => ({ ...previous, ...change }), replace: true });
  // Opening, moving between and closing items keeps the list where it was (the pane shows the item;
  // on a phone the pane brings itself into view): only a new filter starts the page at its top.
  const open = (id: string | undefined) =>
    navigate({ search: (previous) => ({ ...previous, item: id }), replace: true, resetScroll: false });
  const canTriage = may('updateFeedback');

  const bulk = useMutation({
    mutationFn: async ({ ids, change }: { ids: string[]; change: FeedbackUpdate }) => {
      for (const id of ids) await update.mutateAsync({ id, change });
    },
    onSuccess: () => selection.clear(),
  });

  useTriageKeys({
    next: () => open(items[Math.min(openIndex + 1, items.length - 1)]?.id),
    previous: () => open(items[Math.max(openIndex - 1, 0)]?.id),
    resolve: () => {
      const item = items[openIndex];
      if (!item || !canTriage) return;
      // Resolved out of this list (under "New"), the item leaves it: the next one opens, as in mail.
      const following = items[openIndex + 1] ?? items[openIndex - 1];
      update.mutate(
        { id: item.id, change: { status: 'resolved' } },
        { onSuccess: (resolved) => !search.meaning && !matchesTriageFilters(query, resolved) && open(following?.id) },
      );
    },
    assign: () => {
      const field = assignee.current;
      if (!field || field.disabled) return;
      field.focus();
      // Opens the list where the browser can (Chromium, Firefox); focus alone elsewhere.
      try {
        field.showPicker();
      } catch {
        // Not allowed here (no user activation, or unsupported): the field has focus anyway.
      }
    },
  });

  const nameOf = (userId: string | null) => members.data?.data.find((member) => member.userId === userId)?.name;

  return (
    <div className="inbox">
      <header className="page-header">
        <h1>Inbox</h1>
        <span className={`stream-state stream-${stream}`} role="status">
          {STREAM_LABELS[stream]}
        </span>
        <SavedViews orgId={orgId} current={query} />
        <p className="muted keyboard-hint">
          <kbd>j</kbd>/<kbd>k</kbd> move
          {/* A viewer's e and a do nothing: only the keys their role may use are offered. */}
          {canTriage && (
            <>
              {' '}
              · <kbd>e</kbd> resolve · <kbd>a</kbd> assign
            </>
          )}
        </p>
      </header>
      <InboxFilters
        orgId={orgId}
        search={search}
        searchByMeaning={!searchOff}
        onChange={(change) => setSearch({ ...change, item: undefined })}
        onClear={() => navigate({ search: {}, replace: true })}
      />
      <div className="inbox-split">
        <section className="feedback-list" aria-label="Feedback" aria-busy={askable && shown.isPending}>
          {/* In the list's column: it stays in view down the list (sticky) and never over the open item. */}
          {selection.ids.size > 0 && canTriage && (
            <BulkBar
              count={selection.ids.size}
              members={members.data?.data ?? []}
              pending={bulk.isPending}
              onApply={(change) => bulk.mutate({ ids: [...selection.ids], change })}
              onClear={() => selection.clear()}
            />
          )}
          {search.meaning && (
            <p className="list-caption" role="status">
              {!byMeaning.isSuccess
                ? `Searching for “${search.meaning}”…`
                : answeredByWords
                  ? `${items.length} most relevant to “${search.meaning}”, by words (search by meaning is off on this server)`
                  : `${items.length} most relevant to “${search.meaning}”, by meaning and words`}
            </p>
          )}
          {shown.isError && <p role="alert">{shown.error.message}</p>}
          {shown.isSuccess && items.length === 0 && (
            <div className="empty">
              {isFiltered(search) || search.meaning ? (
                <p>Nothing matches these filters.</p>
              ) : (
                <>
                  <p>No feedback yet. New items appear here as they arrive.</p>
                  {may('createInbox') && (
                    <Link to="/orgs/$orgId/setup" params={{ orgId }} className="button button-primary">
                      Set up the widget
                    </Link>
                  )}
                </>
              )}
            </div>
          )}
          <ul className="feedback-rows">
            {items.map((item) => (
              <FeedbackRow
                key={item.id}
                item={item}
                open={item.id === search.item}
                arrived={arrived.has(item.id)}
                checked={selection.ids.has(item.id)}
                selectable={canTriage}
                assigneeName={nameOf(item.assigneeId)}
                onOpen={() => open(item.id)}
                onCheck={(isChecked) => selection.toggle(item.id, isChecked)}
              />
            ))}
          </ul>
          {!search.meaning && list.hasNextPage && (
            <Button onClick={() => list.fetchNextPage()} pending={list.isFetchingNextPage} className="load-more">
              Load more
            </Button>
          )}
        </section>
        {search.item ? (
          <FeedbackPane orgId={orgId} id={search.item} assigneeRef={assignee} onDeleted={() => open(undefined)} />
        ) : (
          <aside className="pane pane-empty" aria-label="Feedback item">
            <p className="muted">Open an item to read and triage it.</p>
          </aside>
        )}
      </div>
    </div>
  );
}
