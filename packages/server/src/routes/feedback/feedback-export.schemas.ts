import { z } from '@hono/zod-openapi';
import { FILE_FORMATS } from '../../services/file-export.js';
import { FeedbackStatsQuery } from './feedback.schemas.js';

/** The list's filters without paging, and the file's format. */
export const FeedbackExportQuery = FeedbackStatsQuery.extend({
  format: z
    .enum(FILE_FORMATS)
    .default('csv')
    .openapi({ param: { name: 'format', in: 'query' }, description: 'csv (default), json or ndjson.' }),
});
