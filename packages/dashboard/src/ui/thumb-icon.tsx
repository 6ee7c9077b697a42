/**
 * The widget's thumb (its `THUMB` stroke icon, 24-unit grid), drawn for the dashboard's thumbs
 * scores: the 👍/👎 characters need an emoji font, and without one (a server, a minimal Linux, a
 * headless browser) they are a missing-glyph box. Decorative: the badge says the score in words.
 */
export function ThumbIcon({ down }: { down: boolean }) {
  return (
    <svg className={down ? 'thumb-icon thumb-icon-down' : 'thumb-icon'} viewBox="0 0 24 24" aria-hidden="true">
      <path d="M7 10v11m0-11 4-8c1.7 0 3 1.3 3 3v4h5a2 2 0 0 1 2 2.3l-1.3 7a2 2 0 0 1-2 1.7H4V10z" />
    </svg>
  );
}
