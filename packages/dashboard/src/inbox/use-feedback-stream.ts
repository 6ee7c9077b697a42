import type { Feedback, FeedbackListQuery } from '@hearback/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { recheckAccess } from '../app/access-changes.js';
import { feedbackListQuery, prependFeedback, storeFeedback } from './feedback-queries.js';

/** `closed`: the server refused the stream (a 4xx), which the browser does not retry; `off`: not opened. */
export type StreamState = 'connecting' | 'live' | 'reconnecting' | 'closed' | 'off';

/** The stream takes the list's filters but not its paging. */
function streamUrl(orgId: string, query: FeedbackListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined || name === 'limit' || name === 'cursor') continue;
    // A list (`tag`) is its name repeated, as the API reads it.
    for (const one of Array.isArray(value) ? value : [value]) params.append(name, String(one));
  }
  const search = params.toString();
  return `/organizations/${encodeURIComponent(orgId)}/feedback/stream${search ? `?${search}` : ''}`;
}

/**
 * Keeps the cached list of `query` live: `feedback.created` puts the new item on top (`onArrive`
 * names it, for the slide-in), `feedback.updated` replaces it wherever it shows. EventSource
 * reconnects by itself and resumes after the last event it saw (`Last-Event-ID`). A stream opened
 * without one sends only what comes next, so the list is read again once it is open: what arrived
 * while no stream was open (the person was on another screen) shows too. `enabled: false` opens none.
 */
export function useFeedbackStream(
  orgId: string,
  query: FeedbackListQuery,
  onArrive: (item: Feedback) => void,
  enabled = true,
): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>(enabled ? 'connecting' : 'off');
  const url = streamUrl(orgId, query);
  const latest = useRef({ query, onArrive });
  latest.current = { query, onArrive };

  useEffect(() => {
    if (!enabled) {
      setState('off');
      return;
    }
    const source = new EventSource(url);
    // Whether the browser has an event's id to resume from when it reconnects.
    let resumable = false;
    // The events that came while the list is read again: its answer may predate them, so they go
    // over it once it is in (each applies once: an item already listed is not added twice).
    let duringRefetch: (() => void)[] | undefined;
    const apply = (change: () => void) => {
      change();
      duringRefetch?.push(change);
    };
    setState('connecting');
    source.onopen = () => {
      setState('live');
      if (resumable) return;
      // Subscribed now (the server answers once it is): everything before is in this reading.
      const pending: (() => void)[] = [];
      duringRefetch = pending;
      const { queryKey } = feedbackListQuery(orgId, latest.current.query);
      void queryClient.refetchQueries({ queryKey, exact: true }).finally(() => {
        if (duringRefetch === pending) duringRefetch = undefined;
        for (const change of pending) change();
      });
    };
    source.onerror = () => {
      // Closed for good: the server refused the stream, and the browser does not try again. The
      // account says whether this person still belongs here; if not, they are taken out with a notice.
      if (source.readyState === EventSource.CLOSED) {
        setState('closed');
        recheckAccess(queryClient);
      } else setState('reconnecting');
    };
    source.addEventListener('feedback.created', (event) => {
      resumable ||= event.lastEventId !== '';
      const item = JSON.parse(event.data) as Feedback;
      apply(() => prependFeedback(queryClient, latest.current.query, item));
      latest.current.onArrive(item);
    });
    source.addEventListener('feedback.updated', (event) => {
      resumable ||= event.lastEventId !== '';
      const item = JSON.parse(event.data) as Feedback;
      apply(() => storeFeedback(queryClient, item));
    });
    return () => source.close();
  }, [url, orgId, enabled, queryClient]);

  return state;
}
