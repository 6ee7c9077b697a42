import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHearback, type TestHearback } from './hearback-server.js';
import { renderPage, renderPages } from './page-templates.js';

export interface HearbackPages {
  /** The server, which also serves the pages (`--public-dir`). */
  hearback: TestHearback;
  /** The server's public directory. */
  publicDir: string;
  /**
   * Renders `file` again with `values` over the defaults, saved as `as` (default: a new name next
   * to the others, so relative links still work), and returns its URL.
   */
  page(file: string, values?: Record<string, string>, as?: string): string;
  close(): Promise<void>;
}

/**
 * The real Hearback server serving a directory of page templates from its public directory, the
 * way a self-hoster serves a demo page next to the API: each page is rendered with the throwaway
 * organization's `{{INBOX_KEY}}` and `{{COLLECT_KEY}}` plus `defaults`, and loads `/widget.js`
 * from the same origin.
 *
 * @example
 * const site = await serveHearbackPages('examples/script-tag', { TYPE: 'thumbs' });
 * await page.goto(site.page('index.html', { TYPE: 'nps' }));
 */
export async function serveHearbackPages(
  templateDir: string,
  defaults: Record<string, string> = {},
): Promise<HearbackPages> {
  const publicDir = mkdtempSync(join(tmpdir(), 'hearback-pages-'));
  const hearback = await startHearback({ publicDir });
  const values = { INBOX_KEY: hearback.inboxKey, COLLECT_KEY: hearback.collectKey, ...defaults };
  renderPages(templateDir, publicDir, values);
  let variants = 0;
  return {
    hearback,
    publicDir,
    page(file, overrides = {}, as = `variant-${++variants}-${file}`) {
      renderPage(templateDir, publicDir, file, { ...values, ...overrides }, as);
      return `${hearback.url}/${as}`;
    },
    async close() {
      await hearback.close();
      rmSync(publicDir, { recursive: true, force: true });
    },
  };
}
