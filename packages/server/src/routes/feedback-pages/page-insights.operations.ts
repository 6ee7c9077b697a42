import { downloadHeaders } from '../../http/download-headers.js';
import { textStream } from '../../http/text-stream.js';
import { EXPORT_BATCH } from '../../services/file-export.js';
import { MAX_BREAKDOWN_RESPONSES } from '../../services/page-analytics.js';
import { EXPORT_FORMATS } from '../../services/page-export.js';
import { fileResponse } from '../file-response.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, jsonContent } from '../shared.schemas.js';
import { PAGE_READ_ACCESS } from './feedback-pages.operations.js';
import { FeedbackPageParams } from './feedback-pages.schemas.js';
import { PageAnalyticsQuery, PageAnalyticsSchema, PageExportQuery } from './page-insights.schemas.js';

const tags = ['Page insights'];
const path = '/organizations/{orgId}/feedback-pages/{pageId}';

export const exportPageResponses = defineOperation({
  scope: PAGE_READ_ACCESS,
  route: {
    method: 'get',
    path: `${path}/responses/export`,
    tags,
    operationId: 'exportPageResponses',
    summary: 'Export a page’s responses (CSV or NDJSON)',
    description: `A file to download (\`Content-Disposition: attachment\`), streamed as it is read, ${EXPORT_BATCH} responses at a time, newest first. **CSV**: UTF-8 with a byte order mark (for Excel), RFC 4180 quoting, CRLF line ends; columns \`id\`, \`createdAt\`, \`pageVersion\`, \`contactName\`, \`contactEmail\`, then one per answerable question of the current version, headed by its title; several values of one answer joined with \`; \`; text that a spreadsheet would run as a formula (starting with \`=\`, \`+\`, \`-\`, \`@\`, tab or CR) gets a leading \`'\`. **NDJSON**: one response per line, as \`GET …/responses/{responseId}\` answers it.`,
    request: { params: FeedbackPageParams, query: PageExportQuery },
    responses: {
      200: fileResponse(EXPORT_FORMATS, 'The responses as a file.', {
        filename: 'spring-survey-responses-2026-11-25.csv',
        csv: '\uFEFFid,createdAt,pageVersion,contactName,contactEmail,How likely are you to recommend us?\r\nresp_01jd3x2k9v6c4h8m2n5p7q1r3s,2026-11-25T09:30:00.000Z,1,,,9\r\n',
      }),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => {
    const { format, from, to } = c.req.valid('query');
    const file = await c.var.services.pageInsights.export(c.var.principal, c.req.valid('param').pageId, {
      format,
      from,
      to,
    });
    return c.body(textStream(file.chunks), 200, downloadHeaders(file));
  },
});

export const getPageAnalytics = defineOperation({
  scope: PAGE_READ_ACCESS,
  route: {
    method: 'get',
    path: `${path}/analytics`,
    tags,
    operationId: 'getPageAnalytics',
    summary: 'Get a page’s analytics',
    description: `Over whole days in the organization's \`timezone\`, as the feedback trends count them (default: the last 30, ending today there; responses count on the day of their instant in the current zone, views and starts on the day they were counted, which a later change of zone does not move): views, starts, completions (responses), conversion rate and the daily series of each; and per answerable question of the current version: rating distributions and averages, NPS, CSAT %, choice counts, average ranks, number ranges and the latest text answers. The breakdowns read at most the newest ${MAX_BREAKDOWN_RESPONSES.toLocaleString('en')} responses of the range (\`breakdownResponses\`).`,
    request: { params: FeedbackPageParams, query: PageAnalyticsQuery },
    responses: { 200: jsonContent(PageAnalyticsSchema, 'The page’s analytics.'), ...AUTHENTICATED_ERRORS },
  },
  handler: async (c) =>
    c.json(
      await c.var.services.pageInsights.analytics(c.var.principal, c.req.valid('param').pageId, c.req.valid('query')),
      200,
    ),
});
