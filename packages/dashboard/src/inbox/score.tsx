import type { Feedback } from '@hearback/client';
import { FEEDBACK_TYPE_NAMES, SCORE_RANGES } from '@hearback/spec';
import { ThumbIcon } from '../ui/thumb-icon.js';

const EMOJI = ['😞', '🙁', '😐', '🙂', '😍'];

/** The score as people read it for its type (stars out of 5, NPS out of 10…); a thumb is drawn instead ({@link ScoreBadge}). */
function scoreText(item: Pick<Feedback, 'type' | 'score'>): string {
  if (item.score === null) return '';
  if (item.type === 'emoji') return EMOJI[item.score - 1] ?? String(item.score);
  const range = SCORE_RANGES[item.type];
  return range ? `${item.score}/${range.max}` : String(item.score);
}

export function scoreLabel(item: Pick<Feedback, 'type' | 'score'>): string {
  if (item.score === null) return FEEDBACK_TYPE_NAMES[item.type];
  if (item.type === 'thumbs') return `${FEEDBACK_TYPE_NAMES.thumbs}: ${item.score === 1 ? 'up' : 'down'}`;
  const range = SCORE_RANGES[item.type];
  return `${FEEDBACK_TYPE_NAMES[item.type]}: ${item.score}${range ? ` of ${range.max}` : ''}`;
}

/** A badge with the type and score; the tone says good, neutral or bad for the type's scale. */
export function ScoreBadge({ item }: { item: Pick<Feedback, 'type' | 'score'> }) {
  const range = SCORE_RANGES[item.type];
  const share = range && item.score !== null ? (item.score - range.min) / (range.max - range.min) : undefined;
  const tone = share === undefined ? 'neutral' : share >= 0.75 ? 'good' : share <= 0.4 ? 'bad' : 'neutral';
  return (
    <span className={`score score-${tone}`} title={scoreLabel(item)}>
      <span aria-hidden="true">
        {item.type === 'thumbs' && item.score !== null ? (
          <ThumbIcon down={item.score === 0} />
        ) : (
          scoreText(item) || FEEDBACK_TYPE_NAMES[item.type]
        )}
      </span>
      <span className="visually-hidden">{scoreLabel(item)}</span>
    </span>
  );
}
