/** @jsxImportSource preact */
/**
 * Stroke icons on a 24-unit grid, coloured by `currentColor`. Plain functions returning vnodes,
 * not components: the dialog chunk is size-budgeted.
 */
export const icon = (d: string, className?: string) => (
  <svg viewBox="0 0 24 24" aria-hidden="true" class={className}>
    <path d={d} />
  </svg>
);

export { CLOSE_PATH as CLOSE } from '../launcher-icon.js';
export const STAR = 'm12 3 2.7 5.6 6.1.9-4.4 4.3 1 6.1-5.4-2.9-5.4 2.9 1-6.1-4.4-4.3 6.1-.9z';
export const THUMB = 'M7 10v11m0-11 4-8c1.7 0 3 1.3 3 3v4h5a2 2 0 0 1 2 2.3l-1.3 7a2 2 0 0 1-2 1.7H4V10z';
const CIRCLE = 'M3 12a9 9 0 1 0 18 0A9 9 0 0 0 3 12';
// Mouths from a frown (1) to a broad smile (5), under two eyes.
const MOUTHS = ['M8 16.5q4-3.5 8 0', 'M8.5 16q3.5-2 7 0', 'M8.5 15.5h7', 'M8.5 15q3.5 2 7 0', 'M8 14.5q4 4 8 0'];

export const face = (score: number) => `${CIRCLE}M9 9.5v.5m6-.5v.5${MOUTHS[score - 1]}`;

/** A circled check (`ok`), clock (`ok q`: saved to retry) or exclamation mark (`ok w`: blocked). */
export const status = (tone: string) =>
  CIRCLE + (tone === 'ok' ? 'M8 12l3 3 5-6' : tone === 'ok q' ? 'M12 7v5l3 2' : 'M12 7v6m0 3v.1');
