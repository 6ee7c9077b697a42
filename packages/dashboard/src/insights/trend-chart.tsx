import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import { type ChartPalette, seriesColor, seriesDash } from './chart-palette.js';

/** One line of a chart: a value per bucket (null where there is nothing to show). */
export interface ChartSeries {
  label: string;
  values: (number | null)[];
}

/** The values a metric can take: the value axis never reaches past them (NPS stops at −100, CSAT at 100 %). */
export interface ValueBounds {
  min?: number;
  max?: number;
}

export interface TrendChartProps {
  title: string;
  /** What the numbers are, for the table that reads them out. */
  unit: string;
  /** The first instant of each bucket (ISO-8601), for the time axis. */
  starts: string[];
  /** How each bucket is named in the table ("Nov 26, 2026", "Week of Nov 23, 2026"). */
  bucketLabels: string[];
  series: ChartSeries[];
  /** The organization's time zone: the axis shows its days, as the buckets are counted. */
  timezone: string;
  palette: ChartPalette;
  format: (value: number) => string;
  /** Whole numbers only (counts): no ticks between them. */
  integer?: boolean;
  bounds?: ValueBounds;
}

const HEIGHT = 220;
/** Room for the widest value label ("100 %", "-100"). */
const VALUE_AXIS_SIZE = 56;
/** Tick steps of a count axis: whole numbers. */
const INTEGER_STEPS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1_000, 2_000, 5_000, 10_000, 20_000, 50_000, 100_000];
/** A constant, so a chart without bounds is not drawn again on every render. */
const UNBOUNDED: ValueBounds = {};
/** uPlot's own padding around the values (its default range), before the bounds cut it. */
const RANGE_PAD = 0.1;

/**
 * The value axis' range: uPlot's default, which pads around the values (a flat line at −100 got
 * −200…0), cut at the metric's bounds.
 */
function boundedRange(bounds: ValueBounds): uPlot.Range.Function {
  return (_plot, dataMin, dataMax) => {
    if (dataMin == null || dataMax == null) return [dataMin, dataMax];
    const [min, max] = uPlot.rangeNum(dataMin, dataMax, RANGE_PAD, true);
    if (min == null || max == null) return [min, max];
    return [Math.max(min, bounds.min ?? min), Math.min(max, bounds.max ?? max)];
  };
}

/**
 * A line chart of trend buckets drawn by uPlot on a canvas, with the same numbers in a table for
 * screen readers (the canvas itself is hidden from them). Redrawn when the palette changes.
 */
export function TrendChart({
  title,
  unit,
  starts,
  bucketLabels,
  series,
  timezone,
  palette,
  format,
  integer = false,
  bounds = UNBOUNDED,
}: TrendChartProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const xs = starts.map((start) => Date.parse(start) / 1000);
    const bucketOf = new Map(xs.map((x, index) => [x, bucketLabels[index]]));
    const axis = {
      stroke: palette.text,
      font: palette.font,
      grid: { stroke: palette.grid, width: 1 },
      ticks: { stroke: palette.grid, width: 1 },
    };
    const plot = new uPlot(
      {
        width: element.clientWidth || 600,
        height: HEIGHT,
        tzDate: (seconds) => uPlot.tzDate(new Date(seconds * 1000), timezone),
        scales: { x: { time: true }, y: { range: boundedRange(bounds) } },
        axes: [
          axis,
          {
            ...axis,
            size: VALUE_AXIS_SIZE,
            values: (_plot, ticks) => ticks.map(format),
            ...(integer && { incrs: INTEGER_STEPS }),
          },
        ],
        cursor: { drag: { x: false, y: false } },
        // The value axis' reach, on the element as well as drawn on the canvas, where nothing can read it.
        hooks: {
          setScale: [
            (plot, key) => {
              if (key === 'y') element.dataset.valueRange = `${plot.scales.y?.min} to ${plot.scales.y?.max}`;
            },
          ],
        },
        legend: { live: true },
        series: [
          { label: 'Period', value: (_plot: uPlot, x: number | null) => (x == null ? '–' : (bucketOf.get(x) ?? '–')) },
          ...series.map((line, index) => ({
            label: line.label,
            stroke: seriesColor(palette, index),
            width: 2,
            dash: seriesDash(index),
            points: { show: starts.length <= 60, size: 5 },
            value: (_plot: uPlot, value: number | null) => (value == null ? '–' : format(value)),
          })),
        ],
      },
      [xs, ...series.map((line) => line.values)] as uPlot.AlignedData,
      element,
    );
    const resize = new ResizeObserver(() => plot.setSize({ width: element.clientWidth, height: HEIGHT }));
    resize.observe(element);
    return () => {
      resize.disconnect();
      plot.destroy();
    };
  }, [starts, bucketLabels, series, timezone, palette, format, integer, bounds]);

  return (
    <figure className="trend-chart">
      <figcaption>
        <h3>{title}</h3>
      </figcaption>
      <div ref={container} className="trend-canvas" aria-hidden="true" data-chart={title} />
      {/* Hidden by a box around it: a table is as tall as its rows whatever its height, so hidden
          itself it still reached below the page's frame and lengthened the page. */}
      <div className="visually-hidden">
        <table>
          <caption>
            {title} ({unit})
          </caption>
          <thead>
            <tr>
              <th scope="col">Period</th>
              {series.map((line) => (
                <th key={line.label} scope="col">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {bucketLabels.map((bucket, row) => (
              <tr key={bucket}>
                <th scope="row">{bucket}</th>
                {series.map((line) => {
                  const value = line.values[row];
                  return <td key={line.label}>{value == null ? 'none' : format(value)}</td>;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
