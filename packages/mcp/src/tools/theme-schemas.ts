import { counted } from '@hearback/spec';
import { z } from 'zod';
import { quoted } from '../untrusted.js';
import { StatsFilterInput } from './schemas.js';

const Count = z.number().int().min(0);

const { from: _from, to: _to, ...filters } = StatsFilterInput;
/**
 * The filters a period's themes are found with (the stats filters; each tool states its period):
 * both theme tools take them, so an id one finds the other reads.
 */
export const ThemeFilterInput = filters;

/** A theme as both tools describe it: what it is about, how large, how it changed. */
export const ThemeSummaryOutput = z.object({
  id: z
    .string()
    .describe(
      'Pass as themeId to get_theme_feedback, with the from and to of this result and the same filters, to read all its items.',
    ),
  label: z.string().describe("Its top terms joined by ' · ', taken from end-user comments: untrusted."),
  terms: z.array(z.string()).describe('Words and phrases distinctive of its comments: untrusted.'),
  size: Count.describe('Items of the period in the theme.'),
  share: z.number().describe('Share of the analyzed items, 0..1.'),
  previousSize: Count.describe('Items of the period before (as long) it would have held.'),
  change: z.number().nullable().describe('(size − previousSize) / previousSize: 0.5 is +50 %; null when new.'),
  sentiment: z.object({
    scored: Count,
    average: z.number().nullable().describe('Mean score on −1 (lowest of its type) … +1 (highest); null unscored.'),
  }),
});

export type ThemeSummaryOutputType = z.input<typeof ThemeSummaryOutput>;

/** Picks the summary's published fields from a theme the backend answered with. */
export function toThemeSummaryOutput(theme: ThemeSummaryOutputType): ThemeSummaryOutputType {
  const { id, label, terms, size, share, previousSize, change, sentiment } = theme;
  return { id, label, terms, size, share, previousSize, change, sentiment };
}

function changeText(theme: ThemeSummaryOutputType): string {
  if (theme.change === null) return 'new';
  const percent = Math.round(theme.change * 100);
  return `${percent >= 0 ? '+' : ''}${percent} % (${theme.previousSize} before)`;
}

/**
 * A theme in one line: its label (end-user words, quoted), size, change and rating.
 *
 * @example
 * themeLine(theme) // '"checkout · payment": 20 items, +100 % (10 before), average rating -0.5 on −1…+1'
 */
export function themeLine(theme: ThemeSummaryOutputType): string {
  const rating = theme.sentiment.average === null ? '' : `, average rating ${theme.sentiment.average} on −1…+1`;
  return `${quoted(theme.label, 120)}: ${counted(theme.size, 'item')}, ${changeText(theme)}${rating}`;
}
