import type { FeedbackTrends } from '@hearback/client';
import { capitalized, FEEDBACK_TYPE_NAMES, type FeedbackType, SCORE_RANGES } from '@hearback/spec';
import { useMemo } from 'react';
import { usePalette } from './chart-palette.js';
import { type ChartSeries, TrendChart, type ValueBounds } from './trend-chart.js';

type Series = FeedbackTrends['series'][number];
type Point = Series['buckets'][number];

/** Lines a chart shows at most (the largest groups); more would be unreadable. */
export const MAX_LINES = 6;

const whole = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 0 });
const decimal = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 2 });
const percent = (value: number) => `${value.toLocaleString('en-US', { maximumFractionDigits: 1 })} %`;

/** A series' name for the legend and the table. */
function seriesLabel(series: Series, groupBy: FeedbackTrends['groupBy']): string {
  if (!groupBy) return 'All feedback';
  if (series.label) return series.label;
  if (groupBy === 'type' && series.group) return capitalized(FEEDBACK_TYPE_NAMES[series.group as FeedbackType]);
  return series.group ?? (groupBy === 'source' ? 'No source' : 'No brand');
}

/** How a bucket is named in the tables: its day, its week's Monday or its month. */
function bucketLabel(date: string, interval: FeedbackTrends['interval']): string {
  const day = new Date(`${date}T00:00:00Z`);
  if (interval === 'month') return day.toLocaleDateString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });
  const text = day.toLocaleDateString('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });
  return interval === 'week' ? `Week of ${text}` : text;
}

interface ChartSpec {
  title: string;
  unit: string;
  value: (point: Point) => number | null;
  format: (value: number) => string;
  /** Shown instead of the chart when no bucket has a value. */
  empty: string;
  integer?: boolean;
  /** The values the metric can take, given the series shown: the axis stays within them. */
  bounds: (shown: Series[]) => ValueBounds;
}

/** The scales of the types the series average: from the lowest of their minimums to the highest of their maximums. */
function scoreBounds(shown: Series[]): ValueBounds {
  const ranges = shown.flatMap((series) => {
    const range = series.scoreType && SCORE_RANGES[series.scoreType];
    return range ? [range] : [];
  });
  if (ranges.length === 0) return {};
  return { min: Math.min(...ranges.map((range) => range.min)), max: Math.max(...ranges.map((range) => range.max)) };
}

const CHARTS: ChartSpec[] = [
  {
    title: 'Volume',
    unit: 'feedback items',
    value: (point) => point.count,
    format: whole,
    empty: 'No feedback.',
    integer: true,
    bounds: () => ({ min: 0 }),
  },
  {
    title: 'Average score',
    unit: 'mean score on its type’s scale',
    value: (point) => point.averageScore,
    format: decimal,
    empty:
      'No average to show: no scores, or scores of different types, which do not average together. Choose a type, or split by type.',
    bounds: scoreBounds,
  },
  {
    title: 'NPS',
    unit: 'Net Promoter Score, −100 to 100',
    value: (point) => point.nps,
    format: decimal,
    empty: 'No NPS responses in this period.',
    bounds: () => ({ min: -100, max: 100 }),
  },
  {
    title: 'CSAT',
    unit: 'percent of CSAT scores 4–5',
    value: (point) => point.csatPercent,
    format: percent,
    empty: 'No CSAT responses in this period.',
    bounds: () => ({ min: 0, max: 100 }),
  },
];

/** The period counted: its first and last day, in the organization's time zone. */
function periodText({ range, timezone }: FeedbackTrends): string {
  const day = (instant: number) =>
    new Date(instant).toLocaleDateString('en-US', { dateStyle: 'medium', timeZone: timezone });
  return `${day(Date.parse(range.from))} to ${day(Date.parse(range.to) - 1)}, days as in ${timezone}.`;
}

/** The four trend charts (volume, average score, NPS, CSAT) of one answer, one line per group. */
export function TrendCharts({ trends }: { trends: FeedbackTrends }) {
  const palette = usePalette();
  // Memoized on the answer: a chart is drawn again only when its numbers (or the palette) change.
  const shown = useMemo(() => trends.series.slice(0, MAX_LINES), [trends.series]);
  const axis = useMemo(() => {
    const buckets = shown[0]?.buckets ?? [];
    return {
      starts: buckets.map((point) => point.start),
      labels: buckets.map((point) => bucketLabel(point.date, trends.interval)),
    };
  }, [shown, trends.interval]);
  const charts = useMemo(
    () =>
      CHARTS.map((chart) => {
        const lines: ChartSeries[] = shown.map((series) => ({
          label: seriesLabel(series, trends.groupBy),
          values: series.buckets.map(chart.value),
        }));
        const drawn = lines.some((line) => line.values.some((value) => value !== null));
        return { chart, lines, drawn, bounds: chart.bounds(shown) };
      }),
    [shown, trends.groupBy],
  );

  const period = <p className="muted">{periodText(trends)}</p>;
  if (shown.length === 0)
    return (
      <>
        {period}
        <p className="empty">No feedback matches these filters in this period.</p>
      </>
    );
  return (
    <>
      {period}
      {trends.series.length > MAX_LINES && (
        <p className="muted">
          Showing the {MAX_LINES} largest of {trends.series.length} groups.
        </p>
      )}
      <div className="trend-grid">
        {charts.map(({ chart, lines, drawn, bounds }) =>
          drawn ? (
            <TrendChart
              key={chart.title}
              title={chart.title}
              unit={chart.unit}
              starts={axis.starts}
              bucketLabels={axis.labels}
              series={lines}
              timezone={trends.timezone}
              palette={palette}
              format={chart.format}
              integer={chart.integer}
              bounds={bounds}
            />
          ) : (
            <figure key={chart.title} className="trend-chart trend-chart-empty">
              <figcaption>
                <h3>{chart.title}</h3>
              </figcaption>
              <p className="muted">{chart.empty}</p>
            </figure>
          ),
        )}
      </div>
    </>
  );
}
