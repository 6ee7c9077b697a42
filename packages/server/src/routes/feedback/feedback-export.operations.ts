import { z } from '@hono/zod-openapi';
import { downloadHeaders } from '../../http/download-headers.js';
import { textStream } from '../../http/text-stream.js';
import { EXPORT_BATCH, FILE_FORMATS } from '../../services/file-export.js';
import { fileResponse } from '../file-response.js';
import { defineOperation } from '../operation.js';
import { AUTHENTICATED_ERRORS, OrgParams } from '../shared.schemas.js';
import { FeedbackSchema } from './feedback.schemas.js';
import { FeedbackExportQuery } from './feedback-export.schemas.js';

export const exportFeedback = defineOperation({
  scope: 'read',
  route: {
    method: 'get',
    path: '/organizations/{orgId}/feedback/export',
    tags: ['Feedback'],
    operationId: 'exportFeedback',
    summary: 'Export feedback (CSV, JSON or NDJSON)',
    description: `Every item matching the list's filters, newest first, as a file to download (\`Content-Disposition: attachment; filename="feedback-<organization slug>-<UTC day>.<format>"\`), streamed as it is read, ${EXPORT_BATCH} items at a time. **CSV**: UTF-8 with a byte order mark (for Excel), RFC 4180 quoting, CRLF line ends; columns \`id\`, \`createdAt\`, \`inboxId\`, \`brandId\`, \`type\`, \`score\`, \`comment\`, \`source\`, \`status\`, \`issueLink\` (its URL), \`assigneeId\`, \`context\` (JSON), \`tags\` (a JSON list; empty for none); text that a spreadsheet would run as a formula (starting with \`=\`, \`+\`, \`-\`, \`@\`, tab or CR) gets a leading \`'\`. **JSON**: one array of items. **NDJSON**: one item per line. Items in JSON and NDJSON are as \`GET …/feedback/{id}\` answers them. Requires the \`read\` scope; brand-scoped keys export their brand only.`,
    request: { params: OrgParams, query: FeedbackExportQuery },
    responses: {
      200: fileResponse(
        FILE_FORMATS,
        'The feedback as a file.',
        {
          filename: 'feedback-acme-2026-11-25.csv',
          csv: '\uFEFFid,createdAt,inboxId,brandId,type,score,comment,source,status,issueLink,assigneeId,context,tags\r\nfb_01jd3x2k9v6c4h8m2n5p7q1r3s,2026-11-25T09:30:00.000Z,inb_01jd3x2k9v6c4h8m2n5p7q1r3s,,nps,9,Fast and clear,widget,new,,,"{""source"":""widget""}","[""billing""]"\r\n',
        },
        z.array(FeedbackSchema),
      ),
      ...AUTHENTICATED_ERRORS,
    },
  },
  handler: async (c) => {
    const { format, ...filters } = c.req.valid('query');
    const file = await c.var.services.feedback.export(c.var.principal, { format, filters });
    return c.body(textStream(file.chunks), 200, downloadHeaders(file));
  },
});
