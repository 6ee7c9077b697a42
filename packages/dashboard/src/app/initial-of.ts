/**
 * The avatar's letter: the name's first character as a reader sees one (`slice(0, 1)` would cut
 * an emoji's surrogate pair, or a flag or accent sequence, in half and draw "�").
 *
 * @example
 * initialOf('😀 Zed'); // '😀'
 */
export function initialOf(name: string): string {
  const [first] = new Intl.Segmenter(undefined, { granularity: 'grapheme' }).segment(name);
  return first?.segment.toUpperCase() ?? '';
}
