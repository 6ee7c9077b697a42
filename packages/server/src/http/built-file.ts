import type { Context } from 'hono';

/** A file of a build, held in memory with its gzipped form and validators. */
export interface BuiltFile {
  body: Uint8Array;
  /** `body` gzipped; absent for formats that do not compress (images). */
  gzip?: Uint8Array | undefined;
  contentType: string;
  /** Strong ETag from the content hash. */
  etag: string;
  cacheControl: string;
}

/**
 * Answers with a built file: 304 when the browser's copy matches, gzipped when it accepts that,
 * `nosniff` always. `headers` adds to (or overrides) those, e.g. a Content-Security-Policy.
 *
 * @example
 * app.get(asset.path, (c) => builtFileResponse(c, asset));
 */
export function builtFileResponse(c: Context, file: BuiltFile, headers: Record<string, string> = {}): Response {
  const all: Record<string, string> = {
    'content-type': file.contentType,
    'cache-control': file.cacheControl,
    etag: file.etag,
    vary: 'accept-encoding',
    'x-content-type-options': 'nosniff',
    ...headers,
  };
  if (c.req.header('if-none-match') === file.etag) return c.body(null, 304, all);
  const gzip = file.gzip !== undefined && /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  if (gzip) all['content-encoding'] = 'gzip';
  return c.body(new Uint8Array(gzip && file.gzip ? file.gzip : file.body), 200, all);
}
