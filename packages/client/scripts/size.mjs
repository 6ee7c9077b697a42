// Size budget of the browser entry: esbuild bundles src/index.ts with its dependencies for the
// browser, minified; the gzip size is printed and must stay within the budget.
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

const BUDGET_BYTES = 6 * 1024;

const result = await build({
  entryPoints: [new URL('../src/index.ts', import.meta.url).pathname],
  bundle: true,
  minify: true,
  format: 'esm',
  platform: 'browser',
  target: 'es2022',
  write: false,
  logLevel: 'error',
});
const code = result.outputFiles[0].contents;
const gzipped = gzipSync(code, { level: 9 }).length;
const verdict = gzipped <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `@hearback/client: ${code.length} B minified, ${gzipped} B minified+gzip (${(gzipped / 1024).toFixed(2)} KB), ${verdict} the ${BUDGET_BYTES / 1024} KB budget`,
);
if (gzipped > BUDGET_BYTES) process.exit(1);
