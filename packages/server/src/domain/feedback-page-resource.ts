import { CONTACT_REQUIREMENTS, PAGE_STATES, QUESTION_TYPES } from '@hearback/forms';
import { TimestampSchema } from '@hearback/inputs';
import { z } from 'zod';

// Plain zod with `.meta()`, like @hearback/inputs' resources: the routes answer with these, and
// with the response, which the event registry (in @hearback/inputs) names as what
// `page_response.created` carries.

const QuestionOptionSchema = z.object({ value: z.string(), label: z.string() }).meta({ id: 'QuestionOption' });

/** A question as the API answers it: what a program needs to submit an answer. */
export const QuestionResourceSchema = z
  .object({
    id: z.string().meta({ description: 'The key of this question’s answer in `answers`.', example: 'recommend' }),
    type: z.enum(QUESTION_TYPES),
    title: z.string(),
    description: z.string().optional(),
    required: z.boolean().optional(),
    options: z.array(QuestionOptionSchema).optional().meta({ description: 'Choice types: the values answers name.' }),
    min: z.number().optional().meta({ description: '`number`: lowest value; `multiple_choice`: fewest picks.' }),
    max: z
      .number()
      .optional()
      .meta({ description: '`number`: highest value; `multiple_choice`: most picks; `star_rating`: stars.' }),
    minDate: z.string().optional().meta({ description: '`date`: earliest (YYYY-MM-DD).' }),
    maxDate: z.string().optional().meta({ description: '`date`: latest (YYYY-MM-DD).' }),
    maxLength: z.number().int().optional().meta({ description: 'Text types: longest answer.' }),
    placeholder: z.string().optional(),
  })
  .meta({ id: 'Question' });

const ThemeColorsSchema = z.record(z.string(), z.string());

export const PageSettingsResourceSchema = z
  .object({
    theme: z.object({
      colorScheme: z.enum(['light', 'dark', 'system']).optional(),
      colors: ThemeColorsSchema.optional(),
      radius: z.union([z.string(), z.number()]).optional(),
      font: z.string().optional(),
      fontSize: z.union([z.string(), z.number()]).optional(),
      spacing: z.union([z.string(), z.number()]).optional(),
      dark: z.object({ colors: ThemeColorsSchema.optional() }).optional(),
    }),
    logoUrl: z.string().nullable(),
    thankYouMessage: z.string(),
    redirectUrl: z.string().nullable(),
    anonymous: z.boolean(),
    requireContact: z.enum(CONTACT_REQUIREMENTS),
    singleSubmission: z.boolean(),
    captcha: z.boolean(),
  })
  .meta({ id: 'PageSettings' });

/** A feedback page as the API answers it. */
export const FeedbackPageResourceSchema = z
  .object({
    id: z.string().meta({ example: 'page_01jd3x2k9v6c4h8m2n5p7q1r3s' }),
    orgId: z.string(),
    brandId: z.string().nullable(),
    slug: z.string().meta({ example: 'spring-survey' }),
    title: z.string(),
    description: z.string().nullable(),
    questions: z.array(QuestionResourceSchema),
    settings: PageSettingsResourceSchema,
    state: z.enum(PAGE_STATES),
    version: z.number().int().meta({ description: 'Moves on when a published page’s questions change.' }),
    publishedAt: TimestampSchema.nullable(),
    closedAt: TimestampSchema.nullable(),
    createdAt: TimestampSchema,
    updatedAt: TimestampSchema,
  })
  .meta({ id: 'FeedbackPage' });

/** A feedback page as lists show it: the page and its number of responses. */
export const FeedbackPageSummaryResourceSchema = FeedbackPageResourceSchema.extend({
  responseCount: z.number().int().min(0).meta({ description: 'How many responses the page has, of every version.' }),
}).meta({ id: 'FeedbackPageSummary' });

// The response is what `page_response.created` carries: @hearback/inputs' event registry holds it.
export { PageResponseResourceSchema } from '@hearback/inputs';
