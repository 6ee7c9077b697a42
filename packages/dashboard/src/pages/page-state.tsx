import type { PageState } from '@hearback/forms';

const STATE_LABELS: Record<PageState, string> = { draft: 'Draft', published: 'Published', closed: 'Closed' };

/** A page's state as a badge (its words, not only its colour). */
export function PageStateBadge({ state }: { state: PageState }) {
  return <span className={`page-state page-state-${state}`}>{STATE_LABELS[state]}</span>;
}
