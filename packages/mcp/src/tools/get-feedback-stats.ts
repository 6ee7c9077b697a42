import { FEEDBACK_STATUSES, FEEDBACK_TYPES } from '@hearback/spec';
import { z } from 'zod';
import { quoted, UNTRUSTED_NOTICE } from '../untrusted.js';
import { defineTool } from './define.js';
import { Notice, StatsFilterInput, toInstant } from './schemas.js';

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

const orNone = (value: number | null) => (value === null ? 'n/a (no responses)' : String(value));

export const getFeedbackStats = defineTool({
  name: 'get_feedback_stats',
  title: 'Get feedback statistics',
  description:
    'Summarise feedback over a date range: total count, average score per type, NPS (promoters 9–10 minus detractors 0–6, −100..100) and CSAT (% of scores 4–5), and counts by type, source, inbox and status. Filters: from, to, inboxId, source, type, status; all optional (no dates: all time). Use it before reading individual items.',
  operationId: 'getFeedbackStats',
  annotations: { readOnlyHint: true, openWorldHint: false },
  inputSchema: z.strictObject({ ...StatsFilterInput }),
  outputSchema: StatsOutput,
  async run(backend, input) {
    const stats = await backend.getFeedbackStats({ ...input, from: toInstant(input.from), to: toInstant(input.to) });
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
    const range = `${stats.range.from ?? 'the beginning'} to ${stats.range.to ?? 'now'}`;
    const list = <T>(items: T[], line: (item: T) => string) =>
      items.length === 0 ? '  (none)' : items.map((item) => `  - ${line(item)}`).join('\n');
    return [
      `Feedback from ${range}: ${stats.total} item(s).`,
      `NPS: ${orNone(stats.nps.score)} (${stats.nps.responses} responses: ${stats.nps.promoters} promoters, ${stats.nps.passives} passives, ${stats.nps.detractors} detractors)`,
      `CSAT: ${orNone(stats.csat.score)}% satisfied (${stats.csat.satisfied} of ${stats.csat.responses} responses scored 4–5)`,
      'By type:',
      list(stats.byType, (row) => `${row.type}: ${row.count}, average score ${row.averageScore ?? 'n/a'}`),
      'By source (end-user supplied values):',
      list(stats.bySource, (row) => `${row.source === null ? '(none)' : quoted(row.source)}: ${row.count}`),
      'By inbox:',
      list(
        stats.byInbox,
        (row) => `${row.inboxId} ${row.inboxName === null ? '' : quoted(row.inboxName)}: ${row.count}`,
      ),
      'By status:',
      list(stats.byStatus, (row) => `${row.status}: ${row.count}`),
    ].join('\n');
  },
});
