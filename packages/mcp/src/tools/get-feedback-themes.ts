import { counted } from '@hearback/spec';
import { z } from 'zod';
import { UNTRUSTED_NOTICE } from '../untrusted.js';
import { defineTool } from './define.js';
import { renderFeedback } from './render.js';
import { DateInput, FeedbackOutput, FROM_DESCRIPTION, Notice, TO_DESCRIPTION, toFeedbackOutput } from './schemas.js';
import { ThemeFilterInput, ThemeSummaryOutput, themeLine, toThemeSummaryOutput } from './theme-schemas.js';

const Count = z.number().int().min(0);
/** As many themes as the server finds at most. */
const MAX_THEMES = 12;

const ThemeOutput = ThemeSummaryOutput.extend({
  representatives: z.array(FeedbackOutput).describe('Its most central items.'),
});

const ThemesOutput = z.object({
  notice: Notice,
  from: z.string(),
  to: z.string().describe('Exclusive.'),
  previousFrom: z.string().describe('Start of the period compared with, which ends at from.'),
  analyzed: Count.describe('Comments clustered (the newest 5,000 at most).'),
  truncated: z.boolean().describe('True when the period had more comments than were analyzed.'),
  unindexed: Count.describe('Comments not embedded yet, left out.'),
  unclustered: Count.describe('Analyzed comments in no theme (one-offs).'),
  themes: z.array(ThemeOutput).describe('Largest first.'),
});

/** Offered only by backends that can cluster comments (`HearbackBackend.getFeedbackThemes`). */
export const getFeedbackThemes = defineTool({
  name: 'get_feedback_themes',
  title: 'Get the recurring themes of feedback',
  description:
    'Find what customers keep talking about: the comments of a period (default: the last 7 days) grouped by meaning into themes, largest first, each with a label of its distinctive words, its size, its change against the period just before (as long), how its scored items rated, and its most central comments. Filters: inboxId, brandId, source, type, status. Use it for a weekly summary; to read every item of a theme, call get_theme_feedback with its id, the from and to of this result and the same filters. Not counted as a search.',
  operationId: 'getFeedbackThemes',
  annotations: { readOnlyHint: true, openWorldHint: false },
  needsSemanticSearch: true,
  isAvailable: (backend) => typeof backend.getFeedbackThemes === 'function',
  inputSchema: z.strictObject({
    ...ThemeFilterInput,
    from: DateInput.optional().describe(`${FROM_DESCRIPTION} Default: 7 days before to.`),
    to: DateInput.optional().describe(`${TO_DESCRIPTION} Default: now.`),
    limit: z
      .number()
      .int()
      .min(1)
      .max(MAX_THEMES)
      .default(5)
      .describe(`Most themes to return (1–${MAX_THEMES}, default 5).`),
  }),
  outputSchema: ThemesOutput,
  async run(backend, input) {
    if (!backend.getFeedbackThemes) throw new Error('This backend offers no themes.');
    const result = await backend.getFeedbackThemes(input);
    return {
      notice: UNTRUSTED_NOTICE,
      from: result.from,
      to: result.to,
      previousFrom: result.previousFrom,
      analyzed: result.analyzed,
      truncated: result.truncated,
      unindexed: result.unindexed,
      unclustered: result.unclustered,
      themes: result.themes.map((theme) => ({
        ...toThemeSummaryOutput(theme),
        representatives: theme.representatives.map((item) => toFeedbackOutput(item, true)),
      })),
    };
  },
  render(result) {
    const period = `${result.from} to ${result.to}`;
    if (result.themes.length === 0) {
      return `No recurring theme among ${counted(result.analyzed, 'comment')} from ${period}.`;
    }
    const lines = [
      `${counted(result.themes.length, 'theme')} among ${counted(result.analyzed, 'comment')} from ${period}, largest first (${result.unclustered} in no theme${result.truncated ? '; only the newest analyzed' : ''}). ${UNTRUSTED_NOTICE}`,
      'Every item of a theme: get_theme_feedback with its id, this from and to, and the same filters.',
    ];
    result.themes.forEach((theme, index) => {
      lines.push(
        '',
        `${index + 1}. ${themeLine(theme)} · id ${theme.id}`,
        ...theme.representatives.map((item) => renderFeedback(item, '   - ')),
      );
    });
    return lines.join('\n');
  },
});
