import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Harness, startHarness, widget } from './harness.js';

const available = requireChromiumOrSkip('widget reliability');

let harness: Harness;
beforeAll(async () => {
  harness = await startHarness();
});
afterAll(async () => {
  await harness?.close();
});

interface Entry {
  idempotencyKey: string;
  notBefore: number;
  attempts: number;
}
const queue = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('hearback:queue') ?? '[]')) as Promise<Entry[]>;
const setQueue = (page: Page, entries: Entry[]) =>
  page.evaluate((value) => localStorage.setItem('hearback:queue', JSON.stringify(value)), entries);

async function submitNps(page: Page, score: string, comment: string) {
  const ui = widget(page);
  if (!(await ui.dialog.count())) await ui.launcher.click();
  await ui.score(score).click();
  await ui.comment.fill(comment);
  await ui.send.click();
  await ui.outcome.waitFor();
}

describe.skipIf(!available)('the widget when delivery fails', () => {
  it('offline → queued → back online → exactly one row, even when the queue is replayed', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    // The connection drops after the dialog is open (its script needs the network to load).
    await widget(page).launcher.click();
    await widget(page).dialog.waitFor();
    await page.context().setOffline(true);
    await submitNps(page, '3', 'Written on a train');
    expect(await widget(page).title.textContent()).toBe('Saved for later');
    expect(await widget(page).outcome.textContent()).toContain('We’ll send it when you’re back online');
    await harness.screenshot(page, 'offline-queued');
    const [entry] = await queue(page);
    expect(entry?.idempotencyKey).toMatch(/^hbw_/);
    expect((await harness.hearback.listFeedback()).filter((row) => row.comment === 'Written on a train')).toEqual([]);

    await page.context().setOffline(false);
    await harness.rows((row) => row.comment === 'Written on a train');
    await expect.poll(() => queue(page)).toEqual([]);

    // A second delivery of the same entry (another tab, a crash before the queue was updated)
    // carries the same idempotency key: the server answers with the first row, stores nothing new.
    await setQueue(page, [{ ...(entry as Entry), notBefore: 0 }]);
    await page.reload();
    await expect.poll(() => queue(page)).toEqual([]);
    const rows = await harness.rows((row) => row.comment === 'Written on a train');
    expect(rows).toHaveLength(1);
  });

  it('queues a 5xx and delivers it on the next page load', async () => {
    const page = await harness.newPage();
    await page.route('**/collect', (route) => route.fulfill({ status: 503, body: '{}' }), { times: 1 });
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    await submitNps(page, '6', 'Server was down');
    expect(await widget(page).title.textContent()).toBe('Saved for later');
    // A server error is the server's: no extension blamed, a retry promised.
    expect(await widget(page).outcome.textContent()).toBe('It couldn’t be sent just now; we’ll retry shortly.');
    await harness.screenshot(page, 'server-503-queued');
    const [entry] = await queue(page);
    expect(entry?.notBefore).toBeGreaterThan(Date.now());
    await setQueue(page, [{ ...(entry as Entry), notBefore: 0 }]);
    await page.reload();
    await harness.rows((row) => row.comment === 'Server was down');
    await expect.poll(() => queue(page)).toEqual([]);
  });

  it.each([
    ['a 503', { status: 503, body: '{}' }],
    ['a 429 with Retry-After: 3', { status: 429, headers: { 'retry-after': '3' }, body: '{}' }],
  ])(
    'retries %s on a timer while the page stays open: no online event, same key, exactly one row',
    async (_name, failure) => {
      const page = await harness.newPage();
      const keys: string[] = [];
      page.on('request', (request) => {
        if (request.url().endsWith('/collect')) keys.push(request.headers()['idempotency-key'] ?? '');
      });
      await page.route('**/collect', (route) => route.fulfill(failure), { times: 1 });
      // The page's clock runs on real time until the test moves it past the backoff below.
      await page.clock.install();
      await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
      const comment = `Cleared by itself after ${failure.status}`;
      await submitNps(page, '4', comment);
      expect(await widget(page).title.textContent()).toBe('Saved for later');
      // Waiting for its backoff: not delivered yet.
      const [entry] = await queue(page);
      expect(entry?.notBefore).toBeGreaterThan(Date.now());
      expect((await harness.hearback.listFeedback()).filter((row) => row.comment === comment)).toEqual([]);

      // Then the timer delivers it once its backoff has passed (the unit tests pin the exact schedule).
      await page.clock.fastForward(Math.max(0, (entry?.notBefore ?? 0) - (await page.evaluate(() => Date.now()))));
      const [row] = await harness.rows((candidate) => candidate.comment === comment);
      expect(row).toMatchObject({ type: 'nps', score: 4 });
      await expect.poll(() => queue(page)).toEqual([]);
      expect(keys).toHaveLength(2);
      expect(keys[1]).toBe(keys[0]);
      expect(keys[0]).toBe(entry?.idempotencyKey);
      expect(await harness.rows((candidate) => candidate.comment === comment)).toHaveLength(1);
    },
  );

  it('queues a 429 until its Retry-After', async () => {
    const page = await harness.newPage();
    await page.route(
      '**/collect',
      (route) =>
        route.fulfill({
          status: 429,
          // As the server sends it: CORS exposes Retry-After to the page.
          headers: {
            'content-type': 'application/problem+json',
            'retry-after': '120',
            'access-control-allow-origin': '*',
            'access-control-expose-headers': 'Retry-After',
          },
          body: JSON.stringify({ status: 429, code: 'event_limit_reached' }),
        }),
      { times: 1 },
    );
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    const before = Date.now();
    await submitNps(page, '8', 'Over the plan limit');
    const [entry] = await queue(page);
    expect(entry?.notBefore).toBeGreaterThanOrEqual(before + 120_000);
    // Not due yet: a reload leaves it queued and sends nothing.
    await page.reload();
    await widget(page).launcher.waitFor();
    expect(await queue(page)).toHaveLength(1);
    expect((await harness.hearback.listFeedback()).filter((row) => row.comment === 'Over the plan limit')).toEqual([]);
  });

  it('a plan cap that resets after the queue would give up: says it was not sent, keeps nothing, tells onError', async () => {
    const page = await harness.newPage();
    await page.route('**/collect', (route) =>
      route.fulfill({
        status: 429,
        // As the server answers event_limit_reached with the month's reset 20 days away.
        headers: {
          'content-type': 'application/problem+json',
          'retry-after': String(20 * 86_400),
          'access-control-allow-origin': '*',
          'access-control-expose-headers': 'Retry-After',
        },
        body: JSON.stringify({ status: 429, code: 'event_limit_reached' }),
      }),
    );
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    await widget(page).launcher.waitFor();
    const { inboxKey, collectKey } = harness.hearback;
    await page.evaluate(
      ({ inboxKey, apiKey }) => {
        const { Hearback } = window as unknown as { Hearback: import('@hearback/widget').HearbackGlobal };
        const errors: unknown[] = [];
        Object.assign(window, { errors });
        Hearback.init({
          inboxKey,
          apiKey,
          type: 'nps',
          onError: (error) => errors.push([error.code, error.apiCode, error.queued]),
        });
      },
      { inboxKey, apiKey: collectKey },
    );
    // Queued, it would be dropped unsent when due (the queue keeps entries 7 days) after the
    // dialog had promised a retry "shortly".
    await submitNpsExpectingError(page);
    expect(await queue(page)).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { errors: unknown[] }).errors)).toEqual([
      ['rate_limited', 'event_limit_reached', false],
    ]);
  });

  it('a slow send keeps focus on Send, sends once however often it is pressed, and a refusal leaves it there to try again', async () => {
    const page = await harness.newPage();
    let answer: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      answer = resolve;
    });
    let requests = 0;
    // A slow network, then the key turns out revoked.
    await page.route('**/collect', async (route) => {
      requests++;
      await held;
      await route.fulfill({
        status: 401,
        headers: { 'content-type': 'application/problem+json', 'access-control-allow-origin': '*' },
        body: JSON.stringify({ status: 401, code: 'invalid_api_key', detail: 'The API key was revoked.' }),
      });
    });
    await page.goto(harness.pageUrl('index.html', { type: 'thumbs' }));
    const ui = widget(page);
    await ui.launcher.click();
    await ui.score('Yes').click();
    await ui.send.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => ui.send.textContent()).toBe('Sending…');
    expect(await ui.send.getAttribute('aria-disabled')).toBe('true');
    const sendHasFocus = () => ui.send.evaluate((send) => send === (send.getRootNode() as ShadowRoot).activeElement);
    expect(await sendHasFocus()).toBe(true);
    await harness.screenshot(page, 'sending-slow');
    await page.keyboard.press('Enter');
    answer();
    await page.locator('hearback-widget [role=alert]').waitFor();
    expect(requests).toBe(1);
    expect(await ui.send.textContent()).toBe('Try again');
    expect(await sendHasFocus()).toBe(true);
    await page.keyboard.press('Escape');
    await ui.closed();
  });

  it('an unreachable server is not blamed on an extension', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'nps' }));
    await widget(page).launcher.click();
    await widget(page).dialog.waitFor();
    // The server goes away after the dialog loaded: every request to it now fails to connect.
    await page.route(`${harness.hearback.url}/**`, (route) => route.abort('connectionrefused'));
    await submitNps(page, '2', 'Server unreachable');
    expect(await widget(page).title.textContent()).toBe('Saved for later');
    expect(await widget(page).outcome.textContent()).not.toContain('extension');
    expect(await widget(page).outcome.textContent()).toContain('we’ll retry');
    expect(await queue(page)).toHaveLength(1);
    await harness.screenshot(page, 'unreachable-queued');
  });

  it('a request blocked in the browser (the server answers otherwise) surfaces onError, never a false thank-you', async () => {
    const page = await harness.newPage();
    // As an ad blocker does: only the /collect request is stopped; the same server answers others.
    await page.route('**/collect', (route) => route.abort('blockedbyclient'));
    await page.goto(harness.pageUrl('programmatic.html', { type: 'thumbs' }));
    await page.getByText('Rate checkout').click();
    const ui = widget(page);
    await ui.score('Yes').click();
    await ui.send.click();
    await ui.outcome.waitFor();
    expect(await ui.title.textContent()).toBe('Couldn’t send');
    expect(await ui.outcome.textContent()).toContain('an extension may block it');
    await harness.screenshot(page, 'blocked');
    await expect.poll(() => page.locator('#log').textContent()).toBe('open\nerror blocked\n');
  });

  it('a refused submission (unknown inbox) says so and is not queued', async () => {
    const page = await harness.newPage();
    await page.goto(harness.pageUrl('index.html', { type: 'nps', inbox_key: 'ibx_nope' }));
    await submitNpsExpectingError(page);
    expect(await queue(page)).toEqual([]);
  });
});

async function submitNpsExpectingError(page: Page) {
  const ui = widget(page);
  await ui.launcher.click();
  await ui.score('5').click();
  await ui.send.click();
  await page.locator('hearback-widget [role=alert]').waitFor();
  expect(await page.locator('hearback-widget [role=alert]').textContent()).toBe('Your feedback couldn’t be sent.');
  expect(await ui.send.textContent()).toBe('Try again');
  await harness.screenshot(page, 'refused');
}
