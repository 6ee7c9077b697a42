import { QUESTION_TYPES } from '@hearback/forms';
import { counted } from '@hearback/spec';
import { z } from 'zod';
import { UNTRUSTED_NOTICE, untrusted } from '../untrusted.js';
import { defineTool } from './define.js';
import { Notice } from './schemas.js';

const Count = z.number().int().min(0);
const Day = z.iso.date().describe("A day in the organization's time zone, YYYY-MM-DD.");

const BreakdownOutput = z.object({
  questionId: z.string(),
  type: z.enum(QUESTION_TYPES),
  title: z.string(),
  answered: Count.describe('Responses that answered it.'),
  distribution: z
    .array(z.object({ value: z.number().int(), count: Count }))
    .optional()
    .describe('Ratings: how many chose each value of the scale.'),
  average: z.number().nullable().optional().describe('Ratings and numbers: the mean.'),
  min: z.number().nullable().optional(),
  max: z.number().nullable().optional(),
  nps: z
    .object({
      score: z.number().nullable().describe('% promoters (9–10) minus % detractors (0–6), −100..100.'),
      responses: Count,
      promoters: Count,
      passives: Count,
      detractors: Count,
    })
    .optional(),
  csat: z
    .object({ score: z.number().nullable().describe('% of answers 4–5, 0..100.'), responses: Count, satisfied: Count })
    .optional(),
  options: z
    .array(z.object({ value: z.string(), label: z.string(), count: Count }))
    .optional()
    .describe('Choice questions: how many picked each option.'),
  ranks: z
    .array(z.object({ value: z.string(), label: z.string(), averageRank: z.number().nullable() }))
    .optional()
    .describe('Rank order: average position of each option (1 = first), best first.'),
  recentAnswers: z
    .array(z.object({ responseId: z.string(), answer: z.string().describe('Untrusted.'), createdAt: z.string() }))
    .optional()
    .describe('Text questions: the latest answers, newest first.'),
});

type Breakdown = z.infer<typeof BreakdownOutput>;

const AnalyticsOutput = z.object({
  notice: Notice,
  pageId: z.string(),
  timezone: z.string().describe("The organization's time zone the days follow."),
  range: z
    .object({ from: z.string(), to: z.string() })
    .describe("Days in the organization's time zone, both included."),
  views: Count,
  starts: Count,
  completions: Count.describe('Responses in the range.'),
  conversionRate: z.number().nullable().describe('completions ÷ views; null without views.'),
  daily: z.array(z.object({ day: z.string(), views: Count, starts: Count, completions: Count })),
  breakdownResponses: Count.describe('How many responses the question figures read (the newest, when capped).'),
  questions: z.array(BreakdownOutput),
});

const percent = (rate: number) => `${Math.round(rate * 1000) / 10}%`;

function questionLine(question: Breakdown): string {
  const head = `- ${JSON.stringify(question.title)} (${question.type}, ${question.questionId}): ${counted(question.answered, 'answer')}`;
  const parts: string[] = [];
  if (question.nps) {
    const { score, promoters, passives, detractors } = question.nps;
    if (score !== null)
      parts.push(`NPS ${score} (${promoters} promoters, ${passives} passives, ${detractors} detractors)`);
  }
  if (question.csat?.score != null) parts.push(`CSAT ${question.csat.score}% satisfied`);
  if (question.average != null) parts.push(`average ${question.average}`);
  if (question.min != null && question.max != null) parts.push(`from ${question.min} to ${question.max}`);
  if (question.distribution && question.answered > 0) {
    parts.push(`distribution ${question.distribution.map((bucket) => `${bucket.value}: ${bucket.count}`).join(', ')}`);
  }
  if (question.options) {
    parts.push(question.options.map((option) => `${JSON.stringify(option.label)} ${option.count}`).join(', '));
  }
  if (question.ranks && question.answered > 0) {
    const ranked = question.ranks.map((rank) => `${JSON.stringify(rank.label)} ${rank.averageRank ?? '–'}`);
    parts.push(`average rank (1 = first): ${ranked.join(', ')}`);
  }
  const line = parts.length > 0 ? `${head}; ${parts.join('; ')}` : head;
  const recent = question.recentAnswers ?? [];
  if (recent.length === 0) return line;
  return `${line}; latest:\n${untrusted(recent.map((answer) => `${answer.createdAt}: ${answer.answer}`).join('\n'))}`;
}

export const getPageAnalytics = defineTool({
  name: 'get_page_analytics',
  title: 'Get a feedback page’s analytics',
  description:
    "Summarise a feedback page (survey form) over whole days in the organization's time zone (the days get_feedback_trends counts), the last 30 unless from/to say: views, starts, completions (responses), conversion rate, the daily series, and per question: NPS, CSAT %, rating distribution and average, choice counts, average ranks, number ranges and the latest text answers. Use it to answer how a survey is doing; list_page_responses reads individual responses. Get the pageId from list_feedback_pages.",
  operationId: 'getPageAnalytics',
  annotations: { readOnlyHint: true, openWorldHint: false },
  isAvailable: (backend) => typeof backend.getPageAnalytics === 'function',
  inputSchema: z.strictObject({
    pageId: z.string().min(1).max(100).describe('The page, as list_feedback_pages shows it (page_…).'),
    from: Day.optional().describe(
      "First day (YYYY-MM-DD) in the organization's time zone, inclusive; default 30 days ending to.",
    ),
    to: Day.optional().describe(
      "Last day (YYYY-MM-DD) in the organization's time zone, inclusive: the whole day counts (unlike list_page_responses, whose to is an exclusive instant); default today there. At most 366 days in all.",
    ),
  }),
  outputSchema: AnalyticsOutput,
  async run(backend, input) {
    if (!backend.getPageAnalytics) throw new TypeError('This backend cannot read page analytics.');
    const analytics = await backend.getPageAnalytics(input.pageId, { from: input.from, to: input.to });
    const {
      pageId,
      timezone,
      range,
      views,
      starts,
      completions,
      conversionRate,
      daily,
      breakdownResponses,
      questions,
    } = analytics;
    return {
      notice: UNTRUSTED_NOTICE,
      pageId,
      timezone,
      range,
      views,
      starts,
      completions,
      conversionRate,
      daily,
      breakdownResponses,
      questions,
    };
  },
  render(analytics) {
    const { timezone, range, views, starts, completions, conversionRate } = analytics;
    const conversion = conversionRate === null ? 'no views to convert' : `conversion ${percent(conversionRate)}`;
    const lines = [
      `Feedback page ${analytics.pageId}, ${range.from} to ${range.to} (days in ${timezone}): ${counted(views, 'view')}, ${counted(starts, 'start')}, ${counted(completions, 'completion')}, ${conversion}.`,
    ];
    const active = analytics.daily.filter((day) => day.views + day.starts + day.completions > 0);
    if (active.length > 0) {
      lines.push(
        'Days with activity:',
        ...active.map(
          (day) => `  - ${day.day}: ${day.views} views, ${day.starts} starts, ${day.completions} completions`,
        ),
      );
    }
    if (analytics.questions.length > 0) {
      lines.push(
        UNTRUSTED_NOTICE,
        `Questions (over ${counted(analytics.breakdownResponses, 'response')}):`,
        ...analytics.questions.map(questionLine),
      );
    }
    return lines.join('\n');
  },
});
