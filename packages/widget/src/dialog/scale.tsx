/** @jsxImportSource preact */
import { SCORE_RANGES, type ScoreRange } from '@hearback/spec';
import type { FeedbackKind } from '../types.js';
import type { FormProps } from './dialog.js';
import { face, icon, STAR, THUMB } from './icons.js';
import type { DialogLabels } from './labels.js';

interface ScaleProps extends Pick<FormProps, 'form' | 'set'> {
  kind: Exclude<FeedbackKind, 'text'>;
  labels: DialogLabels;
}

/**
 * The score control of every kind: a group of toggle buttons (`aria-pressed`), each named for
 * screen readers, showing a number, thumb, star or face. Stars light up to the hovered or picked
 * one with `:has()` in CSS, not with state.
 */
export function Scale({ kind, labels, form: { score }, set }: ScaleProps) {
  const { min, max } = SCORE_RANGES[kind] as ScoreRange;
  // Thumbs up first, as people read a thumbs pair; every other scale from its lowest score.
  const scores = kind === 'thumbs' ? [1, 0] : Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const words = (kind === 'csat' ? labels.csatScale : labels.emojiScale).split(',');
  const ends = kind === 'nps' ? [labels.npsLow, labels.npsHigh] : kind === 'csat' && [words[0], words[4]];
  return (
    <div>
      {/* biome-ignore lint/a11y/useSemanticElements: a flex row of toggle buttons named by the heading; a fieldset would need a legend and its UA styles undone. */}
      <div class={`o o-${kind}`} role="group" aria-labelledby="hb-t">
        {scores.map((value) => {
          const label =
            kind === 'thumbs'
              ? value
                ? labels.thumbsUp
                : labels.thumbsDown
              : kind === 'stars'
                ? labels.star.replace('{n}', `${value}`)
                : kind === 'nps'
                  ? `${value}`
                  : words[value - 1];
          return (
            <button
              type="button"
              class="c"
              key={value}
              aria-pressed={score === value}
              aria-label={label}
              onClick={() => set({ score: value, hint: '' })}
            >
              {kind === 'thumbs'
                ? [icon(THUMB, value ? '' : 'dn'), label]
                : kind === 'stars'
                  ? icon(STAR)
                  : kind === 'emoji'
                    ? icon(face(value))
                    : value}
            </button>
          );
        })}
      </div>
      {ends && (
        <div class="e2" aria-hidden="true">
          <span>{ends[0]}</span>
          <span>{ends[1]}</span>
        </div>
      )}
    </div>
  );
}
