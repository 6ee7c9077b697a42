// Opens every story of the built Storybook (storybook-static) in Debian's Chromium and checks that
// the widget rendered without a page error; outcome stories must reach their outcome. Screenshots
// of each story go to test-output/. Exits 1 on failure.
import { mkdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { launchChromium, requireChromiumOrSkip, serveStatic } from '@hearback/test-utils';

// Without Chromium: a loud warning and exit 0 locally, an error in CI.
if (!requireChromiumOrSkip('stories')) process.exit(0);

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));
const OUTPUT = here('test-output/');
mkdirSync(OUTPUT, { recursive: true });

const index = JSON.parse(readFileSync(here('storybook-static/index.json'), 'utf8')) as {
  entries: Record<string, { id: string; type: string; name: string }>;
};
/** What a story must show: an outcome, the error, the launcher or the form (none: headless). */
function expectation(id: string): string | null {
  const name = id.split('--')[1] ?? '';
  if (['sent', 'sent-dark', 'offline', 'server-error', 'rate-limited', 'blocked', 'blocked-dark'].includes(name)) {
    return '.ok';
  }
  if (name === 'refused') return '[role=alert]';
  if (name === 'floating-closed' || id === 'react-feedbackwidget--floating') return '.l';
  if (name === 'use-feedback-hook') return null;
  return '.d';
}

const stories = Object.values(index.entries).filter((entry) => entry.type === 'story');
const site = await serveStatic({ mounts: { '/': here('storybook-static/') } });
const browser = await launchChromium();
const failures: string[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 900, height: 640 } });
  for (const story of stories) {
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    try {
      await page.goto(`${site.url}/iframe.html?id=${story.id}&viewMode=story`);
      // A floating host has no box of its own (its children are fixed), so wait for it attached.
      const widget = page.locator('hearback-widget').first();
      await widget.waitFor({ state: 'attached', timeout: 15_000 });
      const expected = expectation(story.id);
      if (expected) await widget.locator(expected).first().waitFor({ timeout: 15_000 });
      await page.screenshot({ path: `${OUTPUT}${story.id}.png`, animations: 'disabled' });
      if (errors.length) throw new Error(errors.join('; '));
    } catch (error) {
      failures.push(`${story.id}: ${error instanceof Error ? error.message.split('\n')[0] : error}`);
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
  await site.close();
}
console.log(`stories: ${stories.length - failures.length} of ${stories.length} rendered`);
for (const failure of failures) console.error(`  ✗ ${failure}`);
process.exit(failures.length ? 1 : 0);
