import { z } from '@hono/zod-openapi';
import { FILE_MEDIA_TYPES, type FileFormat } from '../services/file-export.js';

/**
 * The OpenAPI 200 response of an export: a file to download in each of `formats`, with its
 * `Content-Disposition` header; the `json` format is described by `jsonSchema`, the others are text.
 *
 * @example
 * responses: { 200: fileResponse(['csv', 'ndjson'], 'The responses as a file.', { filename, csv }) }
 */
export function fileResponse(
  formats: readonly FileFormat[],
  description: string,
  examples: { filename: string } & Partial<Record<FileFormat, string>>,
  jsonSchema?: z.ZodType,
) {
  return {
    description,
    headers: z.object({
      'Content-Disposition': z.string().openapi({ example: `attachment; filename="${examples.filename}"` }),
    }),
    content: Object.fromEntries(
      formats.map((format) => [
        FILE_MEDIA_TYPES[format],
        {
          schema:
            format === 'json' && jsonSchema
              ? jsonSchema
              : z.string().openapi(examples[format] === undefined ? {} : { example: examples[format] }),
        },
      ]),
    ),
  };
}
