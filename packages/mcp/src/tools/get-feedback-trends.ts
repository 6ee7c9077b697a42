import { capitalized, counted, FEEDBACK_STATUSES, FEEDBACK_TYPE_NAMES, FEEDBACK_TYPES } from '@hearback/spec';
import { z } from 'zod';
import { quoted, UNTRUSTED_NOTICE } from '../untrusted.js';
import { defineTool } from './define.js';
import { DateInput, FROM_DESCRIPTION, Notice, TO_DESCRIPTION } from './schemas.js';

const Count = z.number().int().min(0);
const INTERVALS = ['day', 'week', 'month'] as const;
const GROUPS = ['type', 'inbox', 'source', 'brand'] as const;

const PointOutput = z.object({
  date: z.string().describe("First day of the bucket in the organization's time zone."),
  count: Count,
  averageScore: z.number().nullable().describe("Mean raw score, when the series' scores are all of one type."),
  nps: z.number().nullable().describe('% promoters (9–10) minus % detractors (0–6), −100..100.'),
  npsResponses: Count,
  csatPercent: z.number().nullable().describe('% of csat scores 4–5.'),
  csatResponses: Count,
});

const TrendsOutput = z.object({
  notice: Notice,
  interval: z.enum(INTERVALS),
  timezone: z.string().describe("The organization's time zone the buckets follow."),
  groupBy: z.enum(GROUPS).nullable(),
  range: z.object({ from: z.string(), to: z.string() }).describe('What was counted (UTC, to exclusive).'),
  series: z.array(
    z.object({
      group: z.string().nullable().describe('Type, inbox id, source (end-user supplied) or brand id; null: none.'),
      label: z.string().nullable().describe("The inbox's or brand's name."),
      total: Count,
      scoreType: z.enum(FEEDBACK_TYPES).nullable(),
      buckets: z.array(PointOutput),
    }),
  ),
});

type Trends = z.input<typeof TrendsOutput>;
type Series = Trends['series'][number];

function seriesName(series: Series, groupBy: Trends['groupBy']): string {
  if (groupBy === null) return 'All feedback';
  if (series.group === null) return groupBy === 'source' ? '(no source)' : '(no brand)';
  if (groupBy === 'type') return capitalized(FEEDBACK_TYPE_NAMES[series.group as keyof typeof FEEDBACK_TYPE_NAMES]);
  if (groupBy === 'source') return `Source ${quoted(series.group)}`;
  return series.label === null ? series.group : `${quoted(series.label)} (${series.group})`;
}

function pointLine(point: z.input<typeof PointOutput>): string {
  const figures = [counted(point.count, 'item')];
  if (point.averageScore !== null) figures.push(`average ${point.averageScore}`);
  if (point.nps !== null) figures.push(`NPS ${point.nps} (${counted(point.npsResponses, 'response')})`);
  if (point.csatPercent !== null)
    figures.push(`CSAT ${point.csatPercent}% (${counted(point.csatResponses, 'response')})`);
  return `  - ${point.date}: ${figures.join(', ')}`;
}

export const getFeedbackTrends = defineTool({
  name: 'get_feedback_trends',
  title: 'Get feedback trends over time',
  description:
    "See how feedback changes over time: per day, week (from Monday) or month in the organization's time zone, the count, average score, NPS and CSAT, every period present (zeros included). Optionally one series per type, inbox, source or brand (groupBy), and the filters inboxId, brandId, source, type, status. Without from: the last 30 days, 12 weeks or 12 months. Use it to spot a rise or drop, then get_feedback_stats or search_feedback on that period.",
  operationId: 'getFeedbackTrends',
  annotations: { readOnlyHint: true, openWorldHint: false },
  inputSchema: z.strictObject({
    interval: z.enum(INTERVALS).default('week').describe('Bucket size (default week). At most 400 buckets.'),
    from: DateInput.optional().describe(`${FROM_DESCRIPTION} Widened to the start of its bucket.`),
    to: DateInput.optional().describe(`${TO_DESCRIPTION} Widened to the end of its bucket. Default: now.`),
    groupBy: z.enum(GROUPS).optional().describe('One series per type, inbox, source (the 50 most frequent) or brand.'),
    inboxId: z.string().min(1).max(100).optional().describe('Only this inbox (an inb_… id from list_inboxes).'),
    source: z.string().min(1).max(200).optional().describe('Only this context.source, e.g. widget, server, mcp.'),
    type: z.enum(FEEDBACK_TYPES).optional().describe('Only this feedback type.'),
    status: z.enum(FEEDBACK_STATUSES).optional().describe('Only this triage status.'),
  }),
  outputSchema: TrendsOutput,
  async run(backend, input) {
    const trends = await backend.getFeedbackTrends(input);
    return {
      notice: UNTRUSTED_NOTICE,
      interval: trends.interval,
      timezone: trends.timezone,
      groupBy: trends.groupBy,
      range: trends.range,
      series: trends.series.map(({ group, label, total, scoreType, buckets }) => ({
        group,
        label,
        total,
        scoreType,
        buckets: buckets.map(({ date, count, averageScore, nps, npsResponses, csatPercent, csatResponses }) => ({
          date,
          count,
          averageScore,
          nps,
          npsResponses,
          csatPercent,
          csatResponses,
        })),
      })),
    };
  },
  render(trends) {
    const buckets = trends.series[0]?.buckets ?? [];
    const period = `${counted(buckets.length, trends.interval)} from ${buckets[0]?.date ?? '?'} (${trends.timezone})`;
    if (trends.series.every((series) => series.total === 0)) return `No feedback in the ${period}.`;
    return [
      `Feedback per ${trends.interval}, ${period}:`,
      ...trends.series.flatMap((series) => {
        const average =
          series.scoreType === null ? '' : `, average = mean ${FEEDBACK_TYPE_NAMES[series.scoreType]} score`;
        return [
          `${seriesName(series, trends.groupBy)}: ${counted(series.total, 'item')}${average}`,
          ...series.buckets.map(pointLine),
        ];
      }),
    ].join('\n');
  },
});
