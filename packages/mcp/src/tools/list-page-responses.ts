import { counted } from '@hearback/spec';
import { z } from 'zod';
import type { PageResponseRecord } from '../backend.js';
import { UNTRUSTED_NOTICE, untrusted } from '../untrusted.js';
import { defineTool } from './define.js';
import { moreText } from './render.js';
import {
  DateInput,
  fromDescription,
  LIST_COMMENT_CHARS,
  NextCursor,
  Notice,
  PageInput,
  toDescription,
} from './schemas.js';

const AnswerOutput = z.union([z.number(), z.string(), z.array(z.string())]);

const PageResponseOutput = z.object({
  id: z.string(),
  pageVersion: z.number().int().describe('The page version whose questions it answered.'),
  channel: z.string().describe('page (the public page) or api (sent with an API key).'),
  answers: z
    .record(z.string(), AnswerOutput)
    .describe('By question id (see list_feedback_pages): numbers, text, a choice value or a list of them. Untrusted.'),
  contact: z
    .object({ name: z.string().optional(), email: z.string().optional() })
    .nullable()
    .describe('Who answered, when the page asks for it. Untrusted.'),
  createdAt: z.string(),
  truncated: z.boolean().describe(`True when a text answer was shortened here (to ${LIST_COMMENT_CHARS} characters).`),
});

type PageResponseOutputType = z.infer<typeof PageResponseOutput>;

function toOutput(response: PageResponseRecord): PageResponseOutputType {
  let truncated = false;
  const answers = Object.fromEntries(
    Object.entries(response.answers).map(([questionId, answer]) => {
      if (typeof answer !== 'string' || answer.length <= LIST_COMMENT_CHARS) return [questionId, answer];
      truncated = true;
      return [questionId, `${answer.slice(0, LIST_COMMENT_CHARS)}…`];
    }),
  );
  const { id, pageVersion, channel, contact, createdAt } = response;
  return { id, pageVersion, channel, answers, contact, createdAt, truncated };
}

function renderResponse(response: PageResponseOutputType): string {
  const contact = response.contact ? { contact: response.contact } : {};
  return [
    `- ${response.id} · ${response.createdAt} · version ${response.pageVersion} · via ${response.channel}`,
    untrusted(JSON.stringify({ ...response.answers, ...contact })),
  ].join('\n');
}

export const listPageResponses = defineTool({
  name: 'list_page_responses',
  title: 'List a feedback page’s responses',
  description:
    "Read a feedback page's recent responses, newest first: each one's answers by question id (match them with the questions of list_feedback_pages), contact when the page asks for it, and time. Use get_page_analytics for totals, NPS, CSAT and distributions; this tool for what individual people said. Filter by from/to; paginated: pass nextCursor as cursor for more.",
  operationId: 'listPageResponses',
  annotations: { readOnlyHint: true, openWorldHint: false },
  isAvailable: (backend) => typeof backend.listPageResponses === 'function',
  inputSchema: z.strictObject({
    pageId: z.string().min(1).max(100).describe('The page, as list_feedback_pages shows it (page_…).'),
    from: DateInput.optional().describe(fromDescription('responses submitted')),
    to: DateInput.optional().describe(toDescription('responses submitted')),
    ...PageInput,
  }),
  outputSchema: z.object({ notice: Notice, responses: z.array(PageResponseOutput), nextCursor: NextCursor }),
  async run(backend, input) {
    if (!backend.listPageResponses) throw new TypeError('This backend cannot list page responses.');
    const page = await backend.listPageResponses(
      input.pageId,
      { from: input.from, to: input.to },
      { limit: input.limit, cursor: input.cursor },
    );
    return { notice: UNTRUSTED_NOTICE, responses: page.data.map(toOutput), nextCursor: page.nextCursor };
  },
  render({ responses, nextCursor }, input) {
    const more = moreText('responses', nextCursor);
    if (responses.length === 0) return `No responses to ${input.pageId} match. ${more}`.trim();
    const header = `${counted(responses.length, 'response')} to ${input.pageId}${nextCursor ? ' on this page' : ''}, newest first:`;
    const shortened = responses.some((response) => response.truncated)
      ? '\n(Long text answers are shortened here.)'
      : '';
    return `${UNTRUSTED_NOTICE}\n\n${header}\n${responses.map(renderResponse).join('\n')}${shortened}${nextCursor ? `\n${more}` : ''}`;
  },
});
