import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';

const gzipAsync = promisify(gzip);

/** Scalar's self-contained renderer for `/docs`, with what serving it needs. */
export interface ApiReferenceAsset {
  /** `/docs/assets/standalone.<hash>.js`: a new bundle gets a new name, so it is cached for a year. */
  path: string;
  body: Buffer;
  /** `body` gzipped, for `Content-Encoding: gzip` when the request accepts it. */
  gzip: Buffer;
  /** Strong ETag from the content hash. */
  etag: string;
}

/**
 * Where the bundle may be: `dist/docs/` as the build copied it (the published server), then the
 * `@scalar/api-reference` devDependency (the server run from source in the repository).
 */
function candidateFiles(): string[] {
  const files = [fileURLToPath(new URL('../docs/standalone.js', import.meta.url))];
  try {
    const entry = createRequire(import.meta.url).resolve('@scalar/api-reference');
    files.push(join(dirname(entry), 'browser', 'standalone.js'));
  } catch {
    // Not installed: a published server has its build copy, a checkout without it says so at /docs.
  }
  return files;
}

async function readAsset(): Promise<ApiReferenceAsset | undefined> {
  for (const file of candidateFiles()) {
    const body = await readFile(file).catch(() => undefined);
    if (!body) continue;
    const hash = createHash('sha256').update(body).digest('hex').slice(0, 16);
    return { path: `/docs/assets/standalone.${hash}.js`, body, gzip: await gzipAsync(body), etag: `"${hash}"` };
  }
  return undefined;
}

let loading: Promise<ApiReferenceAsset | undefined> | undefined;

/**
 * The renderer bundle (4 MB), read and gzipped once per process on the first visit to `/docs`:
 * servers that never show the page, and the many runtimes a test run starts, never pay for it.
 * Resolves `undefined` when no copy exists.
 *
 * @example
 * const asset = await loadApiReferenceAsset();
 * if (asset) console.log(asset.path); // /docs/assets/standalone.3f2a9c1b0d4e5f67.js
 */
export function loadApiReferenceAsset(): Promise<ApiReferenceAsset | undefined> {
  loading ??= readAsset();
  return loading;
}
