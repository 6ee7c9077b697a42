import type { Feedback, FeedbackListQuery } from '@hearback/client';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { recheckAccess } from '../app/access-changes.js';
import { prependFeedback, storeFeedback } from './feedback-queries.js';

export type StreamState = 'connecting' | 'live' | 'reconnecting';

/** The stream takes the list's filters but not its paging. */
function streamUrl(orgId: string, query: FeedbackListQuery): string {
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined && name !== 'limit' && name !== 'cursor') params.set(name, String(value));
  }
  const search = params.toString();
  return `/organizations/${encodeURIComponent(orgId)}/feedback/stream${search ? `?${search}` : ''}`;
}

/**
 * Keeps the cached list of `query` live: `feedback.created` puts the new item on top (`onArrive`
 * names it, for the slide-in), `feedback.updated` replaces it wherever it shows. EventSource
 * reconnects by itself and resumes after the last event it saw (`Last-Event-ID`).
 */
export function useFeedbackStream(
  orgId: string,
  query: FeedbackListQuery,
  onArrive: (item: Feedback) => void,
): StreamState {
  const queryClient = useQueryClient();
  const [state, setState] = useState<StreamState>('connecting');
  const url = streamUrl(orgId, query);
  const latest = useRef({ query, onArrive });
  latest.current = { query, onArrive };

  useEffect(() => {
    const source = new EventSource(url);
    setState('connecting');
    source.onopen = () => setState('live');
    source.onerror = () => {
      setState('reconnecting');
      // Closed for good: the server refused to reconnect (as when this person was removed). The
      // account says whether they still belong here; if not, they are taken out with a notice.
      if (source.readyState === EventSource.CLOSED) recheckAccess(queryClient);
    };
    source.addEventListener('feedback.created', (event) => {
      const item = JSON.parse(event.data) as Feedback;
      prependFeedback(queryClient, latest.current.query, item);
      latest.current.onArrive(item);
    });
    source.addEventListener('feedback.updated', (event) => {
      storeFeedback(queryClient, JSON.parse(event.data) as Feedback);
    });
    return () => source.close();
  }, [url, queryClient]);

  return state;
}
