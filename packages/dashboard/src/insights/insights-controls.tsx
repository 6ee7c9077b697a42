import { SelectField } from '../ui/select.js';
import {
  DEFAULT_INTERVAL,
  DEFAULT_RANGE,
  type InsightsSearch,
  RANGE_LABELS,
  RANGE_PRESETS,
  TREND_INTERVALS,
  TREND_SPLITS,
  type TrendSplit,
} from './insights-search.js';

const SINCE = 'since';
const INTERVAL_LABELS = { day: 'By day', week: 'By week', month: 'By month' } as const;
const SPLIT_LABELS: Record<TrendSplit, string> = {
  none: 'All feedback together',
  type: 'Split by type',
  inbox: 'Split by inbox',
  source: 'Split by source',
  brand: 'Split by brand',
};

/** Period, interval and split of the charts; each change goes into the URL. */
export function InsightsControls({
  search,
  onChange,
}: {
  search: InsightsSearch;
  onChange(change: Partial<InsightsSearch>): void;
}) {
  return (
    <fieldset className="filters insights-controls">
      <legend className="visually-hidden">Chart settings</legend>
      <SelectField
        label="Period"
        options={[
          ...RANGE_PRESETS.map((id) => ({ id, label: RANGE_LABELS[id] })),
          // Since starts the period: the field says so rather than a preset the charts do not follow.
          ...(search.from ? [{ id: SINCE, label: 'From the Since date' }] : []),
        ]}
        value={search.from ? SINCE : (search.range ?? DEFAULT_RANGE)}
        onChange={(id) =>
          id !== SINCE &&
          onChange({ range: id === DEFAULT_RANGE ? undefined : (id as InsightsSearch['range']), from: undefined })
        }
      />
      <SelectField
        label="Interval"
        options={TREND_INTERVALS.map((id) => ({ id, label: INTERVAL_LABELS[id] }))}
        value={search.interval ?? DEFAULT_INTERVAL}
        onChange={(id) =>
          onChange({ interval: id === DEFAULT_INTERVAL ? undefined : (id as InsightsSearch['interval']) })
        }
      />
      <SelectField
        label="Split"
        options={TREND_SPLITS.map((id) => ({ id, label: SPLIT_LABELS[id] }))}
        value={search.groupBy ?? 'none'}
        onChange={(id) => onChange({ groupBy: id === 'none' ? undefined : (id as InsightsSearch['groupBy']) })}
      />
    </fieldset>
  );
}
