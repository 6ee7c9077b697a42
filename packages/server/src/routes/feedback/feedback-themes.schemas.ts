import { z } from '@hono/zod-openapi';
import { THEME_TERMS } from '../../search/themes/theme-terms.js';
import { DEFAULT_THEME_LIMIT, MAX_THEME_LIMIT, THEME_REPRESENTATIVES } from '../../services/feedback-themes.js';
import { DEFAULT_THEME_DAYS, MAX_THEME_ITEMS, MIN_THEME_SHARE, MIN_THEME_SIZE } from '../../services/period-themes.js';
import {
  dateQuery,
  fromBoundDescription,
  OrgParams,
  queryInteger,
  Timestamp,
  toBoundDescription,
} from '../shared.schemas.js';
import { FeedbackListQuery, FeedbackSchema, FeedbackStatsQuery } from './feedback.schemas.js';

/** The period themes are found in: both theme operations read it alike. */
const ThemePeriodFields = {
  from: dateQuery('from', `${fromBoundDescription('Created')} Default: ${DEFAULT_THEME_DAYS} days before \`to\`.`),
  to: dateQuery('to', `${toBoundDescription('Created')} Default: now.`),
};

/** The list's filters, a period and how many themes to return. */
// `.safeExtend`: it replaces `from` and `to` and keeps the filters' rule.
export const FeedbackThemesQuery = FeedbackStatsQuery.safeExtend({
  ...ThemePeriodFields,
  limit: queryInteger('limit', {
    min: 1,
    max: MAX_THEME_LIMIT,
    description: `Most themes to return, largest first (1–${MAX_THEME_LIMIT}, default ${DEFAULT_THEME_LIMIT}).`,
  }),
});

const Count = z.number().int().min(0);

const ThemeSummaryFields = {
  id: z.string().openapi({
    description:
      'Derived from the label: the same label has the same id in every answer (a theme is found anew on each call, not stored).',
    example: 'thm_3f1a9c0de2b74415',
  }),
  label: z.string().openapi({
    description: `The top terms joined by " · "; when no term is shared by enough of its comments, its most central comment, shortened.`,
    example: 'checkout · payment · card',
  }),
  terms: z.array(z.string()).openapi({
    description: `Up to ${THEME_TERMS} words or two-word phrases distinctive of the theme's comments against the other themes' (class-based TF-IDF, stop words left out), most distinctive first.`,
    example: ['checkout', 'payment', 'card', 'declined', 'payment failed'],
  }),
  size: Count.openapi({ description: 'Items of the period in the theme.', example: 42 }),
  share: z.number().min(0).max(1).openapi({ description: '`size` / `analyzed` (3 decimals).', example: 0.084 }),
  previousSize: Count.openapi({
    description:
      'Items of the previous period (as long, just before `from`) the theme would have held: nearest to its centre and as close to it as its own items.',
    example: 28,
  }),
  change: z.number().nullable().openapi({
    description:
      '(`size` − `previousSize`) / `previousSize` (3 decimals): 0.5 is 50 % more than the period before, −0.25 a quarter fewer. Null when the theme is new (`previousSize` 0).',
    example: 0.5,
  }),
  sentiment: z
    .object({
      scored: Count.openapi({ description: 'Items of the theme with a score.', example: 12 }),
      average: z.number().min(-1).max(1).nullable().openapi({
        description:
          "Their mean score on one scale for every type, −1 (the lowest score of the item's type: thumbs down, 1 star, NPS 0) to +1 (the highest), 2 decimals; null without scored items.",
        example: -0.62,
      }),
    })
    .openapi({ description: 'How the scored items of the theme rated.' }),
};

const FeedbackThemeSchema = z
  .object({
    ...ThemeSummaryFields,
    representatives: z.array(FeedbackSchema).openapi({
      description: `The ${THEME_REPRESENTATIVES} items closest to the theme's centre, most central first: what the theme is about in the customers' words.`,
    }),
  })
  .openapi('FeedbackTheme');

export const FeedbackThemesSchema = z
  .object({
    from: Timestamp.openapi({ description: 'Start of the period (inclusive).' }),
    to: Timestamp.openapi({ description: 'End of the period (exclusive).' }),
    previousFrom: Timestamp.openapi({
      description: 'Start of the previous period, which ends at `from` and is as long: what `change` compares with.',
    }),
    analyzed: Count.openapi({
      description: `Items of the period with a comment embedded by the server's model that were clustered: the newest ${MAX_THEME_ITEMS} at most.`,
      example: 500,
    }),
    truncated: z.boolean().openapi({
      description: `True when the period has more than ${MAX_THEME_ITEMS} such items: the newest were analyzed. Narrow the period or the filters to see all.`,
    }),
    previousAnalyzed: Count.openapi({
      description: `Items of the previous period compared with the themes (the newest ${MAX_THEME_ITEMS} at most).`,
      example: 430,
    }),
    unindexed: Count.openapi({
      description:
        'Items of the period with a comment that has no vector yet (just collected, or waiting for a reindex): left out until embedded.',
      example: 0,
    }),
    unclustered: Count.openapi({
      description: `Analyzed items in no theme: one-off comments far from every theme, and topics of fewer than ${MIN_THEME_SIZE} items or ${MIN_THEME_SHARE * 100} % of those analyzed.`,
      example: 61,
    }),
    themes: z.array(FeedbackThemeSchema).openapi({
      description:
        'Largest first, at most `limit` (smaller themes beyond it are left out, and not counted in `unclustered`); empty when the period has no recurring topic.',
    }),
  })
  .openapi('FeedbackThemes');

export const ThemeFeedbackParams = OrgParams.extend({
  themeId: z.string().openapi({
    param: { name: 'themeId', in: 'path' },
    description: 'The `id` of a theme of `GET …/feedback/themes` for the same period and filters.',
    example: 'thm_3f1a9c0de2b74415',
  }),
});

/** The list's filters and paging, and the period the theme was found in. */
export const ThemeFeedbackQuery = FeedbackListQuery.safeExtend(ThemePeriodFields);

export const ThemeFeedbackPageSchema = z
  .object({
    from: Timestamp.openapi({ description: 'Start of the period (inclusive).' }),
    to: Timestamp.openapi({ description: 'End of the period (exclusive).' }),
    theme: z.object(ThemeSummaryFields).openapi('FeedbackThemeSummary'),
    data: z.array(FeedbackSchema).openapi({ description: "The theme's items, newest first." }),
    nextCursor: z.string().nullable().openapi({ description: 'Pass as `cursor` for the next page; null on the last.' }),
  })
  .openapi('ThemeFeedbackPage');
