import { capitalized, counted, FEEDBACK_STATUSES, FEEDBACK_TYPE_NAMES, FEEDBACK_TYPES } from '@hearback/spec';
import { z } from 'zod';
import { quoted, UNTRUSTED_NOTICE } from '../untrusted.js';
import { defineTool } from './define.js';
import { Notice, StatsFilterInput } from './schemas.js';

const Count = z.number().int().min(0);

const StatsOutput = z.object({
  notice: Notice,
  range: z.object({ from: z.string().nullable(), to: z.string().nullable() }),
  total: Count,
  byType: z.array(z.object({ type: z.enum(FEEDBACK_TYPES), count: Count, averageScore: z.number().nullable() })),
  bySource: z.array(z.object({ source: z.string().nullable(), count: Count })),
  byInbox: z.array(z.object({ inboxId: z.string(), inboxName: z.string().nullable(), count: Count })),
  byStatus: z.array(z.object({ status: z.enum(FEEDBACK_STATUSES), count: Count })),
  nps: z.object({
    score: z.number().nullable().describe('% promoters (9–10) minus % detractors (0–6), −100..100.'),
    responses: Count,
    promoters: Count,
    passives: Count,
    detractors: Count,
  }),
  csat: z.object({
    score: z.number().nullable().describe('% of csat scores 4–5, 0..100.'),
    responses: Count,
    satisfied: Count,
  }),
});

type Stats = z.input<typeof StatsOutput>;

/** The period in words: "so far", "since …", "until …", "between … and …". */
function periodOf({ from, to }: Stats['range']): string {
  if (from && to) return `between ${from} and ${to}`;
  if (from) return `since ${from}`;
  if (to) return `until ${to}`;
  return 'so far';
}

function npsLine({ nps }: Stats): string {
  if (nps.score === null) return 'NPS: no NPS responses.';
  const split = [
    counted(nps.promoters, 'promoter'),
    counted(nps.passives, 'passive'),
    counted(nps.detractors, 'detractor'),
  ];
  return `NPS: ${nps.score} from ${counted(nps.responses, 'response')} (${split.join(', ')}).`;
}

function csatLine({ csat }: Stats): string {
  if (csat.score === null) return 'CSAT: no CSAT responses.';
  return `CSAT: ${csat.score}% satisfied (${csat.satisfied} of ${counted(csat.responses, 'response')} scored 4–5).`;
}

export const getFeedbackStats = defineTool({
  name: 'get_feedback_stats',
  title: 'Get feedback statistics',
  description:
    'Summarise feedback over a date range: total count, average score per type, NPS (promoters 9–10 minus detractors 0–6, −100..100) and CSAT (% of scores 4–5), and counts by type, source, inbox and status. Filters: from, to, inboxId, brandId, source, type, status; all optional (no dates: all time). Use it before reading individual items.',
  operationId: 'getFeedbackStats',
  annotations: { readOnlyHint: true, openWorldHint: false },
  inputSchema: z.strictObject({ ...StatsFilterInput }),
  outputSchema: StatsOutput,
  async run(backend, input) {
    const stats = await backend.getFeedbackStats(input);
    return {
      notice: UNTRUSTED_NOTICE,
      range: stats.range,
      total: stats.total,
      byType: stats.byType,
      bySource: stats.bySource,
      byInbox: stats.byInbox,
      byStatus: stats.byStatus,
      nps: stats.nps,
      csat: stats.csat,
    };
  },
  render(stats) {
    const period = periodOf(stats.range);
    if (stats.total === 0) return `No feedback ${period}.`;
    const list = <T>(items: T[], line: (item: T) => string) => items.map((item) => `  - ${line(item)}`).join('\n');
    const typeLine = (row: Stats['byType'][number]) => {
      const average = row.averageScore === null ? '' : `, average score ${row.averageScore}`;
      return `${capitalized(FEEDBACK_TYPE_NAMES[row.type])}: ${row.count}${average}`;
    };
    const inboxLine = (row: Stats['byInbox'][number]) =>
      `${row.inboxName === null ? row.inboxId : `${quoted(row.inboxName)} (${row.inboxId})`}: ${row.count}`;
    return [
      `${counted(stats.total, 'feedback item')} ${period}.`,
      npsLine(stats),
      csatLine(stats),
      'By type:',
      list(stats.byType, typeLine),
      'By source (end-user supplied values):',
      list(stats.bySource, (row) => `${row.source === null ? '(no source)' : quoted(row.source)}: ${row.count}`),
      'By inbox:',
      list(stats.byInbox, inboxLine),
      'By status:',
      list(stats.byStatus, (row) => `${row.status}: ${row.count}`),
    ].join('\n');
  },
});
