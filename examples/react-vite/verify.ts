// Builds this page with Vite for React 19 and React 18, serves it, and in Debian's Chromium
// submits through <FeedbackWidget inline>, the floating <FeedbackWidget>, useFeedback().open()
// and useFeedback().submit() against a real Hearback server; checks every row through the list
// API. Screenshots go to test-output/. Exits 1 on any failure.
import assert from 'node:assert/strict';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  type FeedbackRow,
  launchChromium,
  requireChromiumOrSkip,
  serveStatic,
  startHearback,
} from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { build } from 'vite';

// Without Chromium: a loud warning and exit 0 locally, an error in CI.
if (!requireChromiumOrSkip('examples/react-vite')) process.exit(0);

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const OUTPUT = here('test-output/');
// React 18 is installed as react-18 / react-dom-18; aliased by absolute path so every importer,
// @hearback/react's source and react-dom's own `require('react')` included, gets the same copy.
const packageDir = (name: string) => dirname(createRequire(import.meta.url).resolve(`${name}/package.json`));
const REACT_18 = [
  { find: /^react$/, replacement: packageDir('react-18') },
  { find: /^react\/(.*)$/, replacement: `${packageDir('react-18')}/$1` },
  { find: /^react-dom$/, replacement: packageDir('react-dom-18') },
  { find: /^react-dom\/(.*)$/, replacement: `${packageDir('react-dom-18')}/$1` },
];

async function waitForRows(list: () => Promise<FeedbackRow[]>, filter: (row: FeedbackRow) => boolean) {
  for (let attempt = 0; attempt < 50; attempt++) {
    const rows = (await list()).filter(filter);
    if (rows.length) return rows;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('expected feedback row never arrived');
}

async function checkPage(page: Page, react: string, list: () => Promise<FeedbackRow[]>) {
  await page.getByTestId('ready').getByText('ready').waitFor();
  assert.match((await page.locator('header p').textContent()) ?? '', new RegExp(`React ${react}\\.`));

  // Inline NPS in the card (the first widget in the page).
  const inline = page.locator('.card hearback-widget');
  await inline.getByRole('radio', { name: '8', exact: true }).click();
  await inline.locator('textarea').fill(`Inline NPS on React ${react}`);
  await page.screenshot({ path: `${OUTPUT}react-${react}-inline.png`, animations: 'disabled' });
  await inline.locator('.s').click();
  await inline.locator('.ok').waitFor();
  const [nps] = await waitForRows(list, (row) => row.comment === `Inline NPS on React ${react}`);
  assert.equal(nps?.type, 'nps');
  assert.equal(nps?.score, 8);
  assert.equal(nps?.context.section, 'weekly-report');
  assert.equal(nps?.context.reactVersion?.toString().split('.')[0], react);
  await page.getByTestId('log').getByText(`nps ${nps?.id}`).waitFor();

  // The floating launcher (stars).
  const floating = page.locator('hearback-widget:has(.l)');
  await floating.locator('.l').click();
  await floating.getByRole('radio', { name: '5 of 5 stars' }).click();
  await floating.locator('textarea').fill(`Floating stars on React ${react}`);
  await page.screenshot({ path: `${OUTPUT}react-${react}-floating.png`, animations: 'disabled' });
  await floating.locator('.s').click();
  await floating.locator('.ok').waitFor();
  await page.keyboard.press('Escape');
  const [stars] = await waitForRows(list, (row) => row.comment === `Floating stars on React ${react}`);
  assert.equal(stars?.score, 5);
  assert.equal(stars?.context.widget, 'floating');

  // useFeedback().open() for a text bug report.
  await page.getByRole('button', { name: 'Report a bug' }).click();
  const dialog = page.getByRole('dialog', { name: 'What went wrong?' });
  await dialog.locator('textarea').fill(`Bug report on React ${react}`);
  await dialog.getByRole('button', { name: 'Send feedback' }).click();
  await page
    .getByTestId('log')
    .getByText(/bug report fb_/)
    .waitFor();
  await waitForRows(list, (row) => row.type === 'text' && row.comment === `Bug report on React ${react}`);

  // useFeedback().submit() without a dialog.
  const before = (await list()).filter((row) => row.type === 'thumbs').length;
  await page.getByRole('button', { name: 'Useful', exact: true }).click();
  await page.getByTestId('quick').getByText('sent').waitFor();
  const thumbs = (await list()).filter((row) => row.type === 'thumbs');
  assert.equal(thumbs.length, before + 1);
  assert.equal(thumbs[0]?.score, 1);
}

const hearback = await startHearback();
const browser = await launchChromium();
let failed = false;
try {
  mkdirSync(OUTPUT, { recursive: true });
  for (const react of ['19', '18']) {
    const outDir = here(`dist/react-${react}/`);
    process.env.VITE_HEARBACK_URL = hearback.url;
    process.env.VITE_HEARBACK_INBOX_KEY = hearback.inboxKey;
    process.env.VITE_HEARBACK_KEY = hearback.collectKey;
    await build({
      root: here('.'),
      configFile: here('vite.config.ts'),
      logLevel: 'warn',
      build: { outDir, emptyOutDir: true },
      resolve: { alias: react === '18' ? REACT_18 : [] },
    });
    const site = await serveStatic({ mounts: { '/': outDir } });
    const context = await browser.newContext({ viewport: { width: 1000, height: 760 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    try {
      await page.goto(site.url);
      await checkPage(page, react, () => hearback.listFeedback());
      assert.deepEqual(errors, []);
      console.log(`react-vite (React ${react}): inline, floating, open() and submit() all landed in the server`);
    } finally {
      await context.close();
      await site.close();
      rmSync(outDir, { recursive: true, force: true });
    }
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser.close();
  await hearback.close();
}
process.exit(failed ? 1 : 0);
