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
 * Where an arrow key, Home or End moves in a radio group of `count` options (ARIA radio group
 * pattern: wraps around; in a right-to-left layout Left moves forward), or -1 for other keys.
 *
 * @example
 * radioStep('ArrowRight', 10, 11, false); // 0
 */
export function radioStep(key: string, from: number, count: number, rtl: boolean): number {
  const forward = rtl ? -1 : 1;
  const step = {
    ArrowDown: 1,
    ArrowUp: -1,
    ArrowRight: forward,
    ArrowLeft: -forward,
    Home: -from,
    End: count - 1 - from,
  }[key];
  return step === undefined ? -1 : (from + step + count) % count;
}

/**
 * The score control of every kind: a radio group (one Tab stop on the picked or first option;
 * arrow keys, Home and End move and pick), showing a number, thumb, star or face. Names equal what
 * is shown: NPS and CSAT options are named by their number (each CSAT one described by its word,
 * the group by the end labels); stars and faces, which show no text, by their words. Stars light
 * up to the hovered or picked one with `:has()` in CSS, not with state; faces differ in colour.
 */
export function Scale({ kind, labels, form: { score }, set }: ScaleProps) {
  const { min, max } = SCORE_RANGES[kind] as ScoreRange;
  // Thumbs up first, as people read a thumbs pair; every other scale from its lowest score.
  const scores = kind === 'thumbs' ? [1, 0] : Array.from({ length: max - min + 1 }, (_, i) => min + i);
  const words = (kind === 'csat' ? labels.csatScale : labels.emojiScale).split(',');
  const nps = kind === 'nps';
  const csat = kind === 'csat';
  const tabbable = score ?? scores[0];
  const onKeyDown = (event: KeyboardEvent) => {
    const group = event.currentTarget as HTMLElement;
    const options = Array.from(group.children) as HTMLElement[];
    const to = radioStep(
      event.key,
      options.indexOf(event.target as HTMLElement),
      options.length,
      getComputedStyle(group).direction === 'rtl',
    );
    if (to < 0) return;
    event.preventDefault();
    // A click picks it as a pointer would.
    options[to]?.click();
    options[to]?.focus();
  };
  return (
    <div>
      <div
        class={`o o-${kind}`}
        role="radiogroup"
        aria-labelledby="hb-t"
        aria-describedby={nps || csat ? 'hb-d' : undefined}
        onKeyDown={onKeyDown}
      >
        {scores.map((value) => {
          const word =
            kind === 'thumbs'
              ? value
                ? labels.thumbsUp
                : labels.thumbsDown
              : kind === 'stars'
                ? labels.star.replace('{n}', `${value}`)
                : (words[value - 1] as string);
          return (
            // biome-ignore lint/a11y/useSemanticElements: buttons as radios show stars and faces without hidden native inputs.
            <button
              type="button"
              role="radio"
              class="c"
              key={value}
              aria-checked={score === value}
              tabIndex={value === tabbable ? 0 : -1}
              aria-label={kind === 'stars' || kind === 'emoji' ? word : undefined}
              aria-describedby={csat ? `hb-w${value}` : undefined}
              onClick={() => set({ score: value, hint: '' })}
            >
              {kind === 'thumbs'
                ? [icon(THUMB, value ? '' : 'dn'), word]
                : kind === 'stars' || kind === 'emoji'
                  ? icon(kind === 'stars' ? STAR : face(value))
                  : [
                      value,
                      csat && (
                        <span id={`hb-w${value}`} hidden>
                          {word}
                        </span>
                      ),
                    ]}
            </button>
          );
        })}
      </div>
      {(nps || csat) && (
        <div class="e2" id="hb-d">
          <span>{nps ? labels.npsLow : words[0]}</span> <span>{nps ? labels.npsHigh : words[4]}</span>
        </div>
      )}
    </div>
  );
}
