// Serves these pages from a real Hearback server (--public-dir), loads index.html (floating
// launcher) and csp.html (strict CSP) in Debian's Chromium, submits through the script-tag widget
// and checks the rows through the server's list API. The full browser suite is
// packages/widget/test/browser. Exits 1 on failure.
import assert from 'node:assert/strict';
import { launchChromium, requireChromiumOrSkip } from '@hearback/test-utils';
import { serveExample } from './site.js';

// Without Chromium: a loud warning and exit 0 locally, an error in CI.
if (!requireChromiumOrSkip('examples/script-tag')) process.exit(0);

const site = await serveExample();
const { hearback } = site;
const browser = await launchChromium();
let failed = false;
try {
  for (const [path, score] of [
    ['index.html', '9'],
    ['csp.html', '7'],
  ] as const) {
    const page = await browser.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.goto(site.page(path, { TYPE: 'nps' }));
    const widget = page.locator('hearback-widget');
    await widget.locator('.l').click();
    await widget.getByRole('radio', { name: score, exact: true }).click();
    await widget.locator('textarea').fill(`From ${path}`);
    await widget.locator('.s').click();
    await widget.getByText('Thanks for your feedback!').waitFor();
    const rows = (await hearback.listFeedback()).filter((row) => row.comment === `From ${path}`);
    assert.equal(rows.length, 1, `one row for ${path}`);
    assert.equal(rows[0]?.score, Number(score));
    assert.deepEqual(violations, [], `no CSP violations on ${path}`);
    console.log(`script-tag: ${path} → ${rows[0]?.id}`);
    await page.close();
  }
} catch (error) {
  failed = true;
  console.error(error);
} finally {
  await browser.close();
  await site.close();
}
process.exit(failed ? 1 : 0);
