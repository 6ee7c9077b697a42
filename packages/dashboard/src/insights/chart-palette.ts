import { useEffect, useState } from 'react';

/**
 * Series colours, as design tokens (tokens.css) so both schemes are defined once: distinct hues
 * first. Beyond these the colours repeat with a dash pattern ({@link seriesDash}).
 */
const SERIES_TOKENS = ['--accent', '--success', '--danger', '--warning', '--text-muted', '--focus'] as const;

/** The colours a chart draws with, read from the tokens in force (the canvas cannot use `var()`). */
export interface ChartPalette {
  series: string[];
  text: string;
  grid: string;
  font: string;
}

/** Reads the palette of the scheme now on the page. */
export function readPalette(): ChartPalette {
  const style = getComputedStyle(document.documentElement);
  const token = (name: string) => style.getPropertyValue(name).trim();
  return {
    series: SERIES_TOKENS.map(token),
    text: token('--text-muted'),
    grid: token('--border'),
    font: `12px ${token('--font')}`,
  };
}

/** The colour of the `index`th series. */
export const seriesColor = (palette: ChartPalette, index: number) =>
  palette.series[index % palette.series.length] as string;

/** A dash pattern for series past the distinct colours (solid for the first round). */
export const seriesDash = (index: number): number[] | undefined =>
  index < SERIES_TOKENS.length ? undefined : [6, 4 * Math.floor(index / SERIES_TOKENS.length)];

/**
 * The palette, read again whenever the scheme changes (theme.ts sets `data-theme` on `<html>`,
 * by the user's choice or the system's), so charts redraw in the new colours.
 */
export function usePalette(): ChartPalette {
  const [palette, setPalette] = useState(readPalette);
  useEffect(() => {
    const observer = new MutationObserver(() => setPalette(readPalette()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    return () => observer.disconnect();
  }, []);
  return palette;
}
