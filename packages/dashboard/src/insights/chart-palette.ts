import { useEffect, useState } from 'react';

/**
 * Series colours, as design tokens (tokens.css) so both schemes are defined once. The last two
 * are near hues of earlier ones (warning of danger, focus of accent), so they are dashed; past
 * these the colours repeat dotted ({@link seriesDash}).
 */
const SERIES_TOKENS = ['--accent', '--success', '--danger', '--text-muted', '--warning', '--focus'] as const;
const DASHED_FROM = 4;

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

/** The line pattern of the `index`th series: solid, dashed for near hues, dotted once colours repeat. */
export const seriesDash = (index: number): number[] | undefined => {
  if (index >= SERIES_TOKENS.length) return [2, 3];
  return index >= DASHED_FROM ? [8, 4] : undefined;
};

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
