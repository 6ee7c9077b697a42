import { FEEDBACK_TYPES } from '@hearback/spec';
import { z } from '@hono/zod-openapi';
import { DEFAULT_TREND_BUCKETS, MAX_TREND_BUCKETS, TREND_INTERVALS } from '../../services/trend-buckets.js';
import { TREND_GROUPS } from '../../storage/repositories/feedback-trends.js';
import { dateQuery, fromBoundDescription, Timestamp, toBoundDescription } from '../shared.schemas.js';
import { FeedbackStatsQuery } from './feedback.schemas.js';

const TREND_GROUP_NAMES = Object.keys(TREND_GROUPS) as [keyof typeof TREND_GROUPS, ...(keyof typeof TREND_GROUPS)[]];

/** The list's filters, an interval, a grouping, and `from`/`to` read in the organization's time zone. */
// `.safeExtend` replaces `from` and `to` and keeps the filters' rule (`.omit` and `.extend` refuse a refined object).
export const FeedbackTrendsQuery = FeedbackStatsQuery.safeExtend({
  interval: z
    .enum(TREND_INTERVALS)
    .default('day')
    .openapi({
      param: { name: 'interval', in: 'query' },
      description: `Bucket size: calendar days (midnight to midnight in the organization's time zone), ISO weeks (from Monday) or calendar months. At most ${MAX_TREND_BUCKETS} buckets.`,
    }),
  from: dateQuery(
    'from',
    `${fromBoundDescription('Created')} Widened to the start of its bucket. Default: the last ${DEFAULT_TREND_BUCKETS.day} days, ${DEFAULT_TREND_BUCKETS.week} weeks or ${DEFAULT_TREND_BUCKETS.month} months up to \`to\`.`,
  ),
  to: dateQuery('to', `${toBoundDescription('Created')} Widened to the end of its bucket. Default: now.`),
  groupBy: z
    .enum(TREND_GROUP_NAMES)
    .optional()
    .openapi({
      param: { name: 'groupBy', in: 'query' },
      description: 'One series per type, inbox, `context.source` (the 50 most frequent) or brand.',
    }),
});

const Count = z.number().int().min(0);

const TrendPointSchema = z
  .object({
    date: z.string().openapi({
      description: "First day of the bucket in the organization's time zone (the day, the Monday, the 1st).",
      example: '2026-03-29',
    }),
    start: Timestamp.openapi({ description: 'First instant of the bucket (UTC).' }),
    end: Timestamp.openapi({
      description:
        'First instant of the next bucket (UTC): 23 or 25 hours after `start` across a daylight-saving change.',
    }),
    count: Count,
    averageScore: z.number().nullable().openapi({
      description:
        "Mean raw score (2 decimals) when every scored item of the series is of one type (the series' `scoreType`): scales differ between types (thumbs 0–1, nps 0–10, stars 1–5), so a mixed series has none (null). Null in a bucket without scores.",
    }),
    nps: z.number().min(-100).max(100).nullable().openapi({
      description:
        'Net Promoter Score of the `nps` items: % promoters (9–10) minus % detractors (0–6), 1 decimal; null without any.',
    }),
    npsResponses: Count,
    csatPercent: z.number().min(0).max(100).nullable().openapi({
      description: 'CSAT of the `csat` items: % of scores 4–5, 1 decimal; null without any.',
    }),
    csatResponses: Count,
  })
  .openapi('FeedbackTrendPoint');

export const FeedbackTrendsSchema = z
  .object({
    interval: z.enum(TREND_INTERVALS),
    timezone: z
      .string()
      .openapi({ description: "The organization's time zone the buckets follow.", example: 'Europe/Berlin' }),
    groupBy: z.enum(TREND_GROUP_NAMES).nullable(),
    range: z
      .object({ from: Timestamp, to: Timestamp })
      .openapi({ description: 'What was counted: the whole buckets (UTC, `to` exclusive).' }),
    series: z
      .array(
        z.object({
          group: z.string().nullable().openapi({
            description:
              'The type, inbox id, source or brand id of the series; null for the one series without `groupBy`, and for items without a source or brand.',
          }),
          label: z.string().nullable().openapi({ description: "The inbox's or brand's name; null otherwise." }),
          total: Count,
          scoreType: z.enum(FEEDBACK_TYPES).nullable().openapi({
            description:
              'The one type whose scores `averageScore` averages; null when the series mixes scored types or has no scores.',
          }),
          buckets: z
            .array(TrendPointSchema)
            .openapi({ description: 'Every bucket of the range, oldest first, empty ones as zeros.' }),
        }),
      )
      .openapi({ description: 'One series without `groupBy`; with it, one per group that has items, largest first.' }),
  })
  .openapi('FeedbackTrends');
