import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { FeedbackKind } from '@hearback/widget';
import { widgetManifest } from '@hearback/widget/assets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget script-tag');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

// kind, the button to press (its accessible name), the score the server must store
const KINDS: [FeedbackKind, string | null, number | null][] = [
  ['thumbs', 'No', 0],
  ['stars', '4 of 5 stars', 4],
  ['nps', '9', 9],
  ['csat', '4', 4],
  ['emoji', 'Great', 5],
  ['text', null, null],
];

describe.skipIf(!available)('the script tag on examples/script-tag/index.html', () => {
  it.each(KINDS)('submits %s feedback that lands in the server', async (kind, button, score) => {
    const page = await harness.newPage();
    const url = harness.pageUrl('index.html', { type: kind });
    const collectRequests: string[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith('/collect')) collectRequests.push(request.url());
    });
    await page.goto(url);
    const ui = widget(page);
    await ui.launcher.click();
    await expect.poll(() => ui.dialog.count()).toBe(1);
    await harness.screenshot(page, `kind-${kind}-open`);
    if (button) await ui.score(button).click();
    const comment = `A ${kind} comment from the browser`;
    await ui.comment.fill(comment);
    await harness.screenshot(page, `kind-${kind}-filled`);
    await ui.send.click();
    await ui.outcome.waitFor();
    expect(await ui.title.textContent()).toBe('Thanks for your feedback!');
    await harness.screenshot(page, `kind-${kind}-sent`);

    const [row] = await harness.rows((candidate) => candidate.comment === comment);
    expect(row).toMatchObject({ type: kind, score, source: 'widget' });
    expect(row?.context).toMatchObject({
      source: 'widget',
      page: 'getting-started',
      userId: 'u_42',
      url,
    });
    // The page, widget.js and the API share the server's origin: no API URL was configured.
    expect(collectRequests).toEqual([`${harness.hearback.url}/collect`]);
  });

  it('keeps the host page’s CSS out of the widget', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    const ui = widget(page);
    await ui.launcher.waitFor();
    const launcher = await ui.launcher.evaluate((element) => {
      const style = getComputedStyle(element);
      return { background: style.backgroundColor, font: style.fontFamily, border: style.borderStyle };
    });
    // The page styles every button hot pink, dashed and in Comic Sans; the launcher is none of it.
    expect(launcher.background).toBe('rgb(79, 70, 229)');
    expect(launcher.font).not.toMatch(/Comic/);
    expect(launcher.border).toBe('none');
    // …and the widget's styles stay in its shadow root.
    const pageButton = await page.evaluate(() => {
      const button = document.body.appendChild(document.createElement('button'));
      return getComputedStyle(button).backgroundColor;
    });
    expect(pageButton).toBe('rgb(255, 105, 180)');
  });

  it('places the launcher in the corner data-position names', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { position: 'top-left' }));
    const box = await widget(page).launcher.boundingBox();
    expect(box).toMatchObject({ x: 20, y: 20 });
    await widget(page).launcher.click();
    const dialog = await widget(page).dialog.boundingBox();
    expect(dialog?.x).toBe(20);
    expect(dialog?.y).toBeGreaterThan((box?.y ?? 0) + (box?.height ?? 0));
    await harness.screenshot(page, 'position-top-left');
  });

  it('renders inline with a custom theme and submits', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('inline.html', { type: 'emoji' }));
    const ui = widget(page);
    await ui.dialog.waitFor();
    expect(await ui.launcher.count()).toBe(0);
    expect(await ui.title.textContent()).toBe('How do you like this release?');
    await ui.score('Good').click();
    const primary = await ui.score('Good').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(primary).toBe('rgb(15, 118, 110)');
    await harness.screenshot(page, 'inline-theme');
    await ui.send.click();
    await ui.outcome.waitFor();
    await harness.rows((row) => row.type === 'emoji' && row.score === 4 && row.context.url === page.url());
  });

  it('works programmatically: Hearback.init, Hearback.open() from the page, callbacks, Hearback.setContext, onSubmit context', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('programmatic.html', { type: 'csat' }));
    const ui = widget(page);
    expect(await ui.launcher.count()).toBe(0);
    await page.getByText('Rate checkout').click();
    await ui.score('5').click();
    await ui.send.click();
    await ui.outcome.waitFor();
    const [row] = await harness.rows((candidate) => candidate.context.orderId === 'ord_1001');
    expect(row).toMatchObject({ type: 'csat', score: 5 });
    expect(row?.context).toMatchObject({ userId: 'u_7', cart: 3, score: 5 });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#log').textContent()).toBe(`open\nsuccess ${row?.id}\nclose\n`);
  });
});

describe.skipIf(!available)('the versioned widget.js on a page of another origin', () => {
  it('loads with long-lived caching and posts across origins to the server it came from', async () => {
    const { versionedLauncher, dialog } = widgetManifest();
    const server = harness.hearback.url;
    expect((await fetch(`${server}/widget.js`)).headers.get('cache-control')).toMatch(/max-age=3600/);
    expect((await fetch(`${server}/${versionedLauncher}`)).headers.get('cache-control')).toMatch(/immutable/);
    expect((await fetch(`${server}/${dialog}`)).headers.get('cache-control')).toMatch(/immutable/);

    // The same server under another name is another origin to the browser: the page comes from
    // localhost, widget.js (pinned to its versioned URL) and the API from 127.0.0.1.
    const pageOrigin = server.replace('127.0.0.1', 'localhost');
    const path = new URL(harness.pageUrl('index.html', { type: 'thumbs' })).pathname;
    const pinned = path.replace('.html', '-pinned.html');
    const html = readFileSync(join(harness.site.publicDir, path), 'utf8');
    writeFileSync(
      join(harness.site.publicDir, pinned),
      html.replace('src="/widget.js"', `src="${server}/${versionedLauncher}"`),
    );

    const page = await harness.newPage();
    const requests: string[] = [];
    page.on('request', (request) => {
      if (/widget-dialog|\/collect$/.test(request.url())) requests.push(request.url());
    });
    await page.goto(`${pageOrigin}${pinned}`);
    const ui = widget(page);
    await ui.launcher.click();
    await ui.score('Yes').click();
    await ui.comment.fill('Pinned, from another origin');
    await ui.send.click();
    await ui.outcome.waitFor();
    expect(requests).toEqual([`${server}/${dialog}`, `${server}/collect`]);
    const [row] = await harness.rows((candidate) => candidate.comment === 'Pinned, from another origin');
    expect(row?.context.url).toBe(`${pageOrigin}${pinned}`);
  });
});
