import { PAGE_STATES, QUESTION_TYPES } from '@hearback/forms';
import { counted } from '@hearback/spec';
import { z } from 'zod';
import type { FeedbackPageRecord } from '../backend.js';
import { defineTool } from './define.js';
import { moreText } from './render.js';
import { NextCursor, PageInput } from './schemas.js';

const FeedbackPageOutput = z.object({
  id: z.string().describe('Pass as pageId to get_page_analytics and list_page_responses.'),
  title: z.string(),
  slug: z.string().describe('Its public address is /f/{organization slug}/{slug}.'),
  state: z.enum(PAGE_STATES).describe('draft (not open yet), published (taking responses) or closed.'),
  version: z.number().int().describe('Moves on when the questions of a published page change.'),
  brandId: z.string().nullable(),
  questions: z
    .array(
      z.object({
        id: z.string().describe('The key of its answer in list_page_responses.'),
        type: z.enum(QUESTION_TYPES),
        title: z.string(),
        required: z.boolean(),
        options: z
          .array(z.object({ value: z.string(), label: z.string() }))
          .optional()
          .describe('Choice types: answers carry the value; people read the label.'),
      }),
    )
    .describe('The current questions, in order (layout controls included).'),
  publishedAt: z.string().nullable(),
  closedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

type FeedbackPageOutputType = z.infer<typeof FeedbackPageOutput>;

function toOutput(page: FeedbackPageRecord): FeedbackPageOutputType {
  const { id, title, slug, state, version, brandId, publishedAt, closedAt, createdAt, updatedAt } = page;
  const questions = page.questions.map(({ id, type, title, required, options }) => ({
    id,
    type,
    title,
    required: required ?? false,
    ...(options ? { options: options.map(({ value, label }) => ({ value, label })) } : {}),
  }));
  return { id, title, slug, state, version, brandId, questions, publishedAt, closedAt, createdAt, updatedAt };
}

export const listFeedbackPages = defineTool({
  name: 'list_feedback_pages',
  title: 'List feedback pages',
  description:
    'List the feedback pages (standalone survey forms sent to customers by link, QR code or email): id, title, state (draft, published, closed), version and questions (id, type, title, whether required, and for choice questions the options with their values and labels). Use it to find the pageId for get_page_analytics and list_page_responses. Filter by state; paginated: pass nextCursor as cursor for more.',
  operationId: 'listFeedbackPages',
  annotations: { readOnlyHint: true, openWorldHint: false },
  isAvailable: (backend) => typeof backend.listFeedbackPages === 'function',
  inputSchema: z.strictObject({
    state: z.enum(PAGE_STATES).optional().describe('Only pages in this state.'),
    ...PageInput,
  }),
  outputSchema: z.object({ pages: z.array(FeedbackPageOutput), nextCursor: NextCursor }),
  async run(backend, input) {
    if (!backend.listFeedbackPages) throw new TypeError('This backend cannot list feedback pages.');
    const page = await backend.listFeedbackPages({ state: input.state }, { limit: input.limit, cursor: input.cursor });
    return { pages: page.data.map(toOutput), nextCursor: page.nextCursor };
  },
  render({ pages, nextCursor }, input) {
    const more = moreText('feedback pages', nextCursor);
    const which = input.state ? `${input.state} feedback pages` : 'feedback pages';
    if (pages.length === 0) return `No ${which} are visible to this API key. ${more}`.trim();
    const lines = pages.map(
      (page) =>
        `- ${page.id} · ${JSON.stringify(page.title)} · ${page.state} · version ${page.version} · ${counted(page.questions.length, 'question')} · /${page.slug}${page.brandId ? ` · brand ${page.brandId}` : ''}`,
    );
    const header = `${counted(pages.length, 'feedback page')}${nextCursor ? ' on this page' : ''}:`;
    return `${header}\n${lines.join('\n')}${nextCursor ? `\n${more}` : ''}`;
  },
});
