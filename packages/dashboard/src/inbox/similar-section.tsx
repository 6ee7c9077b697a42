import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { api, dataOf } from '../api/client.js';
import { feedbackDetailKey } from './feedback-queries.js';
import { ScoreBadge } from './score.js';
import { isSearchUnavailable, noteSearchOff, useSearchOff } from './search-availability.js';

/** Items whose comments mean much the same (semantic search); nothing when search is off or finds none. */
export function SimilarSection({ orgId, feedbackId }: { orgId: string; feedbackId: string }) {
  const queryClient = useQueryClient();
  const searchOff = useSearchOff(orgId);
  const similar = useQuery({
    queryKey: feedbackDetailKey(orgId, feedbackId, 'similar'),
    queryFn: async () => {
      try {
        return await dataOf(
          api.GET('/organizations/{orgId}/feedback/{id}/similar', {
            params: { path: { orgId, id: feedbackId }, query: { limit: 5 } },
          }),
        );
      } catch (error) {
        if (isSearchUnavailable(error)) noteSearchOff(queryClient, orgId);
        throw error;
      }
    },
    enabled: !searchOff,
    retry: false,
  });
  const hits = similar.data?.data ?? [];
  if (hits.length === 0) return null;
  return (
    <section className="pane-section" aria-labelledby="similar-title">
      <h3 id="similar-title">Similar feedback</h3>
      <ul className="similar">
        {hits.map(({ feedback }) => (
          <li key={feedback.id}>
            <Link
              className="clamp-lines"
              to="/orgs/$orgId/inbox"
              params={{ orgId }}
              search={(previous) => ({ ...previous, item: feedback.id })}
            >
              <ScoreBadge item={feedback} /> {feedback.comment}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
