// Builds the public feedback page's browser files into dist/page-script/:
//   page.js        the page's script (page-script/page-script.ts with @hearback/forms' zod/mini schemas)
//   pow-worker.js  ALTCHA's SHA proof-of-work worker (altcha/dist/workers/sha.js), run by the script
// then prints their gzip sizes and fails when together they exceed the budget.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';

/** The page's JavaScript budget, captcha included (issue 16): 30 KB gzip. */
export const PAGE_SCRIPT_BUDGET = 30 * 1024;

const root = new URL('../', import.meta.url);
const out = new URL('dist/page-script/', root);
mkdirSync(out, { recursive: true });

const result = await build({
  entryPoints: [new URL('page-script/page-script.ts', root).pathname],
  bundle: true,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  // Workspace packages from their TypeScript source, as tests read them.
  conditions: ['@hearback/source'],
  write: false,
  legalComments: 'none',
});
const script = result.outputFiles[0].contents;
writeFileSync(new URL('page.js', out), script);

// The package exports its workers to `import` only.
const worker = readFileSync(new URL(import.meta.resolve('altcha/workers/sha')));
writeFileSync(new URL('pow-worker.js', out), worker);

const sizes = { 'page.js': gzipSync(script).length, 'pow-worker.js': gzipSync(worker).length };
const total = sizes['page.js'] + sizes['pow-worker.js'];
for (const [name, size] of Object.entries(sizes)) console.log(`  ${name}: ${(size / 1024).toFixed(1)} KB gzip`);
console.log(`  feedback page JavaScript: ${(total / 1024).toFixed(1)} KB gzip of ${PAGE_SCRIPT_BUDGET / 1024} KB`);
if (total > PAGE_SCRIPT_BUDGET) {
  console.error('@hearback/server: the feedback page script is over its budget (scripts/build-page-script.mjs).');
  process.exit(1);
}
