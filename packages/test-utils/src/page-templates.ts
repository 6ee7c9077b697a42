import { randomBytes } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join } from 'node:path';

/** The files of a page directory that carry placeholders or are loaded by its pages. */
const PAGE_FILES = new Set(['.html', '.js', '.css']);

/**
 * Fills `{{NAME}}` placeholders from `values`; `{{NONCE}}` gets one fresh random value per call
 * (so every rendered page has its own CSP nonce). Unknown names stay as they are.
 *
 * @example
 * fillPlaceholders('<b>{{NAME}}</b>', { NAME: 'Ada' }); // '<b>Ada</b>'
 */
export function fillPlaceholders(text: string, values: Record<string, string>): string {
  const nonce = randomBytes(16).toString('base64');
  return text.replace(/\{\{([A-Z_]+)\}\}/g, (match, name: string) =>
    name === 'NONCE' ? nonce : (values[name] ?? match),
  );
}

/**
 * Writes one page of `fromDir` into `toDir` (as `as`, default the same name) with its
 * placeholders filled: how example pages get a throwaway server's keys before the server serves
 * them from its public directory.
 *
 * @example
 * renderPage('examples/script-tag', publicDir, 'index.html', { INBOX_KEY, COLLECT_KEY, TYPE: 'nps' }, 'nps.html');
 */
export function renderPage(
  fromDir: string,
  toDir: string,
  file: string,
  values: Record<string, string>,
  as = file,
): void {
  writeFileSync(join(toDir, as), fillPlaceholders(readFileSync(join(fromDir, file), 'utf8'), values));
}

/** {@link renderPage} for every `.html`, `.js` and `.css` file at the top of `fromDir`. */
export function renderPages(fromDir: string, toDir: string, values: Record<string, string>): void {
  for (const file of readdirSync(fromDir)) {
    if (PAGE_FILES.has(extname(file))) renderPage(fromDir, toDir, file, values);
  }
}
