// The first-load budget of issue 18: the JavaScript a cold load of the inbox fetches (index.html's
// entry, the inbox screen's lazy chunk, and every chunk those import statically) must stay within
// 150 KB gzipped. Other screens load their own chunks when visited.
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 150 * 1024;
const dist = new URL('../dist/app/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', dist), 'utf8'));

/** The entry chunk and its static imports, transitively (dynamic imports load later). */
function firstLoad(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  seen.add(key);
  for (const imported of manifest[key].imports ?? []) firstLoad(imported, seen);
  return seen;
}

const INBOX_SCREEN = 'src/inbox/inbox-page.tsx';
const entry = Object.keys(manifest).find((key) => manifest[key].isEntry);
if (!manifest[INBOX_SCREEN]) throw new Error(`${INBOX_SCREEN} is no longer a chunk of its own: update this script`);
const files = [...firstLoad(INBOX_SCREEN, firstLoad(entry))].map((key) => manifest[key].file);
const sizes = files.map((file) => ({ file, gzip: gzipSync(readFileSync(new URL(file, dist)), { level: 9 }).length }));
const total = sizes.reduce((sum, { gzip }) => sum + gzip, 0);
for (const { file, gzip } of sizes) console.log(`  ${file}: ${(gzip / 1024).toFixed(1)} KB gzip`);
const verdict = total <= BUDGET_BYTES ? 'within' : 'OVER';
console.log(
  `@hearback/dashboard inbox first-load JavaScript: ${(total / 1024).toFixed(1)} KB gzip, ${verdict} the ${BUDGET_BYTES / 1024} KB budget`,
);
if (total > BUDGET_BYTES) process.exit(1);
