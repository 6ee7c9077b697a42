import { isCalendarDate, QUESTION_TYPES } from '@hearback/forms';
import { z } from '@hono/zod-openapi';
import { CALENDAR_DAY_MESSAGE, DEFAULT_ANALYTICS_DAYS, MAX_ANALYTICS_DAYS } from '../../domain/analytics-range.js';
import { RECENT_TEXT_ANSWERS } from '../../domain/question-breakdown.js';
import { MAX_BREAKDOWN_RESPONSES } from '../../services/page-analytics.js';
import { EXPORT_FORMATS } from '../../services/page-export.js';
import { SubmittedRangeQuery } from './feedback-pages.schemas.js';

const calendarDay = (name: 'from' | 'to', description: string) =>
  z
    .string()
    .refine(isCalendarDate, { message: CALENDAR_DAY_MESSAGE })
    .optional()
    .openapi({ param: { name, in: 'query' }, description, example: '2026-11-01' });

export const PageAnalyticsQuery = z.object({
  from: calendarDay(
    'from',
    `First day (inclusive), in the organization's \`timezone\`; default: ${DEFAULT_ANALYTICS_DAYS} days ending \`to\`.`,
  ),
  to: calendarDay(
    'to',
    `Last day (inclusive, the whole day in the organization's \`timezone\`: \`to=2026-11-30\` counts that day); default: today there. At most ${MAX_ANALYTICS_DAYS} days in all.`,
  ),
});

export const PageExportQuery = z.object({
  format: z
    .enum(EXPORT_FORMATS)
    .default('csv')
    .openapi({ param: { name: 'format', in: 'query' }, description: 'csv (default) or ndjson.' }),
  ...SubmittedRangeQuery,
});

const Count = z.number().int().min(0);

const DailyCountsSchema = z.object({ day: z.string(), views: Count, starts: Count, completions: Count });

const QuestionBreakdownSchema = z
  .object({
    questionId: z.string(),
    type: z.enum(QUESTION_TYPES),
    title: z.string(),
    answered: Count.openapi({ description: 'Responses whose answer fits the current question.' }),
    distribution: z
      .array(z.object({ value: z.number().int(), count: Count }))
      .optional()
      .openapi({ description: 'Ratings: the count of each value of the whole scale, zeros included.' }),
    average: z.number().nullable().optional().openapi({ description: 'Ratings and `number`: the mean (2 decimals).' }),
    min: z.number().nullable().optional().openapi({ description: '`number`: the lowest answer.' }),
    max: z.number().nullable().optional().openapi({ description: '`number`: the highest answer.' }),
    nps: z
      .object({
        score: z
          .number()
          .nullable()
          .openapi({ description: '% promoters (9–10) minus % detractors (0–6), −100..100.' }),
        responses: Count,
        promoters: Count,
        passives: Count,
        detractors: Count,
      })
      .optional(),
    csat: z
      .object({
        score: z.number().nullable().openapi({ description: '% of answers 4–5, 0..100.' }),
        responses: Count,
        satisfied: Count,
      })
      .optional(),
    options: z
      .array(z.object({ value: z.string(), label: z.string(), count: Count }))
      .optional()
      .openapi({ description: '`single_choice`, `multiple_choice`, `dropdown`: responses that picked each option.' }),
    ranks: z
      .array(z.object({ value: z.string(), label: z.string(), averageRank: z.number().nullable() }))
      .optional()
      .openapi({ description: '`rank_order`: average position of each option (1 = first), best first.' }),
    recentAnswers: z
      .array(z.object({ responseId: z.string(), answer: z.string(), createdAt: z.string() }))
      .optional()
      .openapi({
        description: `\`short_text\`, \`long_text\`: the ${RECENT_TEXT_ANSWERS} latest answers, newest first. Email and phone answers are never shown.`,
      }),
  })
  .openapi('PageQuestionBreakdown');

export const PageAnalyticsSchema = z
  .object({
    pageId: z.string(),
    timezone: z
      .string()
      .openapi({ description: "The organization's time zone the days follow.", example: 'Europe/Berlin' }),
    range: z
      .object({ from: z.string(), to: z.string() })
      .openapi({ description: "Days in the organization's `timezone`, both included." }),
    views: Count,
    starts: Count.openapi({ description: 'Visits of the public page that started answering.' }),
    completions: Count.openapi({ description: 'Responses stored in the range, through the page or the API.' }),
    conversionRate: z.number().nullable().openapi({
      description: 'completions ÷ views (4 decimals); null without views. Responses sent with a key count no view.',
    }),
    daily: z.array(DailyCountsSchema).openapi({ description: 'Every day of the range, oldest first, zeros included.' }),
    breakdownResponses: Count.openapi({
      description: `How many responses the question breakdowns read: every one of the range, up to the newest ${MAX_BREAKDOWN_RESPONSES.toLocaleString('en')}.`,
    }),
    questions: z.array(QuestionBreakdownSchema).openapi({
      description: 'One breakdown per answerable question of the current version (layout controls skipped).',
    }),
  })
  .openapi('PageAnalytics');
