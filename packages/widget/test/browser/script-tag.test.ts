import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { FeedbackKind } from '@hearback/widget';
import { widgetAssets } from '@hearback/widget/assets';
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
  ['csat', 'Satisfied', 4],
  ['emoji', 'Great', 5],
  ['text', null, null],
];

describe.skipIf(!available)('the script tag on examples/script-tag/index.html', () => {
  it.each(KINDS)('submits %s feedback that lands in the server', async (kind, button, score) => {
    const page = await harness.newPage();
    await page.goto(`${harness.site.url}/index.html?type=${kind}`);
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
      url: `${harness.site.url}/index.html?type=${kind}`,
    });
  });

  it('keeps the host page’s CSS out of the widget', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.site.url}/index.html?type=nps`);
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
    await page.goto(`${harness.site.url}/index.html?position=top-left`);
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
    await page.goto(`${harness.site.url}/inline.html?type=emoji`);
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

  it('works programmatically: init, open() from the page, callbacks, setContext and onSubmit context', async () => {
    const page = await harness.newPage();
    await page.goto(`${harness.site.url}/programmatic.html?type=csat`);
    const ui = widget(page);
    expect(await ui.launcher.count()).toBe(0);
    await page.getByText('Rate checkout').click();
    await ui.score('Very satisfied').click();
    await ui.send.click();
    await ui.outcome.waitFor();
    const [row] = await harness.rows((candidate) => candidate.context.orderId === 'ord_1001');
    expect(row).toMatchObject({ type: 'csat', score: 5 });
    expect(row?.context).toMatchObject({ userId: 'u_7', cart: 3, score: 5 });
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#log').textContent()).toBe(`open\nsuccess ${row?.id}\nclose\n`);
  });
});

describe.skipIf(!available)('served from widgetAssets(), as the Hearback server will serve it', () => {
  it('loads the versioned widget.js and its dialog with long-lived caching', async () => {
    const assets = new Map(widgetAssets().map((asset) => [asset.path, asset]));
    const server = createServer((request, response) => {
      const asset = assets.get(request.url ?? '');
      if (!asset) return void response.writeHead(404).end();
      response.writeHead(200, {
        'content-type': asset.contentType,
        'cache-control': asset.cacheControl,
        etag: asset.etag,
      });
      response.end(asset.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const [latest, versioned, dialog] = [...assets.keys()];
      expect((await fetch(`${origin}${latest}`)).headers.get('cache-control')).toMatch(/max-age=3600/);
      expect((await fetch(`${origin}${versioned}`)).headers.get('cache-control')).toMatch(/immutable/);
      expect((await fetch(`${origin}${dialog}`)).headers.get('cache-control')).toMatch(/immutable/);

      const page = await harness.newPage();
      const dialogRequests: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('widget-dialog')) dialogRequests.push(request.url());
      });
      await page.goto(
        `${harness.site.url}/index.html?type=thumbs&widget_src=${encodeURIComponent(origin + versioned)}`,
      );
      const ui = widget(page);
      await ui.launcher.click();
      await ui.score('Yes').click();
      await ui.comment.fill('Served like the server will');
      await ui.send.click();
      await ui.outcome.waitFor();
      expect(dialogRequests).toEqual([`${origin}${dialog}`]);
      await harness.rows((row) => row.comment === 'Served like the server will');
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});
