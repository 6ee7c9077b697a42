import type { FeedbackThemeSummary } from '@hearback/client';

/** `1 item`, `1,204 items`. */
export const itemCount = (count: number) => `${count.toLocaleString('en-US')} ${count === 1 ? 'item' : 'items'}`;

/** A share of 0…1 as a percentage with at most one decimal. */
export const shareText = (value: number) => `${(value * 100).toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;

/** How a theme compares with the period before, in words. */
export function changeText(theme: Pick<FeedbackThemeSummary, 'change'>): string {
  if (theme.change === null) return 'new this period';
  const percent = Math.round(theme.change * 100);
  return percent === 0
    ? 'as many as the period before'
    : `${percent > 0 ? '+' : '−'}${Math.abs(percent)} % on the period before`;
}

/** How a theme's scored items rated, in words; null without scored items. */
export function sentimentText({ scored, average }: FeedbackThemeSummary['sentiment']): string | null {
  if (average === null) return null;
  const mood = average >= 0.25 ? 'positive' : average <= -0.25 ? 'negative' : 'mixed';
  return `Scores ${mood} (${average.toFixed(2)} from −1 to 1, ${itemCount(scored)} scored)`;
}
