import type { ExportedFile } from '../services/file-export.js';

/**
 * The headers of an exported file: its media type in UTF-8, and `Content-Disposition: attachment`
 * so a browser saves it under its name.
 *
 * @example
 * return c.body(textStream(file.chunks), 200, downloadHeaders(file));
 */
export function downloadHeaders(file: ExportedFile): Record<string, string> {
  return {
    'content-type': `${file.mediaType}; charset=utf-8`,
    'content-disposition': `attachment; filename="${file.filename}"`,
  };
}
