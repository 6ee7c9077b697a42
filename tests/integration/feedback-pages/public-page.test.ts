import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { SAMPLE_ANSWERS, SAMPLE_QUESTIONS } from '@hearback/forms';
import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PageHarness, seriousViolations, startPageHarness } from './harness.js';

const available = requireChromiumOrSkip('feedback page');

let harness: PageHarness;
beforeAll(async () => {
  if (available) harness = await startPageHarness();
});
afterAll(async () => {
  await harness?.close();
});

const press = async (page: Page, key: string, times = 1) => {
  for (let i = 0; i < times; i++) await page.keyboard.press(key);
};

/** The id (or name) of the focused element. */
const focused = (page: Page) =>
  page.evaluate(() => document.activeElement?.id || document.activeElement?.getAttribute('name') || '');

describe.skipIf(!available)('a feedback page in Chromium', () => {
  it('is filled and sent with the keyboard alone, the captcha solved by the page’s own worker', async () => {
    const created = await harness.publish({ title: 'Every question type', questions: SAMPLE_QUESTIONS });
    const page = await harness.newPage();
    const workers: string[] = [];
    page.on('worker', (worker) => workers.push(worker.url()));
    await page.goto(created.url);
    await harness.screenshot(page, 'all-types-empty');

    // Radio groups are one Tab stop each; arrow keys move along them and pick.
    await press(page, 'Tab');
    expect(await focused(page)).toBe('q.stars');
    await press(page, 'ArrowRight', 3); // 4 stars
    await press(page, 'Tab');
    await press(page, 'ArrowRight', 4); // 5: Great
    await press(page, 'Tab');
    await press(page, 'ArrowRight', 9); // NPS 9
    await press(page, 'Tab');
    await press(page, 'ArrowRight', 3); // CSAT 4
    await press(page, 'Tab');
    expect(await focused(page)).toBe('q-summary');
    await page.keyboard.type('Fast');
    await press(page, 'Tab');
    await page.keyboard.type('Great support');
    await press(page, 'Tab');
    await press(page, 'ArrowRight'); // Pro
    await press(page, 'Tab'); // Search
    await press(page, 'Space');
    await press(page, 'Tab', 2); // API
    await press(page, 'Space');
    await press(page, 'Tab');
    expect(await focused(page)).toBe('q-country');
    await press(page, 'ArrowDown', 2); // Germany
    // Rank order: a position for each option.
    await press(page, 'Tab');
    await press(page, 'ArrowDown', 2); // Speed 2
    await press(page, 'Tab');
    await press(page, 'ArrowDown', 3); // Price 3
    await press(page, 'Tab');
    await press(page, 'ArrowDown', 1); // Support 1
    await press(page, 'Tab');
    expect(await focused(page)).toBe('q-email');
    await page.keyboard.type('ada@example.com');
    await press(page, 'Tab');
    await page.keyboard.type('+44 20 7946 0958');
    await press(page, 'Tab');
    await page.keyboard.type('12');
    await press(page, 'Tab');
    await page.keyboard.type('03012024');
    expect(await page.locator('#progress-text').textContent()).toBe('13 of 13 required questions answered');
    await harness.screenshot(page, 'all-types-filled');
    // The date field's calendar button is a Tab stop of its own.
    for (let stops = 0; stops < 3 && (await focused(page)) !== 'send'; stops++) await press(page, 'Tab');
    expect(await focused(page)).toBe('send');
    await press(page, 'Enter');

    await expect.poll(() => page.locator('h1').textContent(), { timeout: 30_000 }).toBe('Thank you');
    expect(await focused(page)).toBe('');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Thank you');
    await harness.screenshot(page, 'all-types-sent');
    expect(workers.some((url) => /\/f\/assets\/pow-worker\.[0-9a-f]{12}\.js$/.test(url))).toBe(true);

    const [response] = await harness.responses(created.id);
    expect(response).toMatchObject({
      channel: 'page',
      ipAddress: '127.0.0.1',
      // What the keyboard entered, stored as the sample's answers (normalised: the phone in E.164).
      answers: SAMPLE_ANSWERS,
    });
    expect(String(response?.userAgent)).toContain('Chrome');
    // The strict CSP refused nothing the page needs (its script, stylesheet, nonce'd theme, worker).
    expect(harness.consoleErrors(page)).toEqual([]);
  });

  it('sends a page of optional questions left blank with a mouse click on Send, captcha and all', async () => {
    const created = await harness.publish({
      title: 'All optional',
      questions: [
        { id: 'stars', type: 'star_rating', title: 'How was it?' },
        { id: 'why', type: 'long_text', title: 'Anything to add?' },
      ],
      settings: { thankYouMessage: 'Thanks for stopping by.' },
    });
    for (const colorScheme of ['light', 'dark'] as const) {
      const page = await harness.newPage({ colorScheme });
      await page.goto(created.url);
      // A real press: its mousedown starts the captcha's check, and its mouseup must still land on Send.
      await page.getByRole('button', { name: 'Send' }).click();
      await expect.poll(() => page.locator('h1').textContent(), { timeout: 30_000 }).toBe('Thank you');
      expect(await page.getByText('Thanks for stopping by.').isVisible()).toBe(true);
      await harness.screenshot(page, `optional-blank-sent-${colorScheme}`);
      expect(harness.consoleErrors(page)).toEqual([]);
    }
    const stored = await harness.responses(created.id);
    expect(stored.map((response) => response.answers)).toEqual([{}, {}]);
  });

  it('keeps Send where it is when the captcha’s check starts and ends', async () => {
    const created = await harness.publish({
      title: 'Steady button',
      questions: [{ id: 'why', type: 'short_text', title: 'What brought you here?' }],
    });
    const page = await harness.newPage();
    await page.goto(created.url);
    const send = page.getByRole('button', { name: 'Send' });
    const top = async () => (await send.boundingBox())?.y;
    const before = await top();
    await page.getByLabel('What brought you here?').focus();
    await expect
      .poll(() => page.locator('[data-captcha]').textContent(), { timeout: 30_000 })
      .toBe('Verified: you can send the form.');
    expect(await top()).toBe(before);
    await harness.screenshot(page, 'captcha-verified');
  });

  it('sends one start per view, naming its visit: replayed beacons count nothing more', async () => {
    const created = await harness.publish({
      title: 'Counted',
      questions: [{ id: 'why', type: 'short_text', title: 'What brought you here?' }],
      settings: { captcha: false },
    });
    const analytics = async () => {
      const { hearback } = harness;
      const response = await fetch(
        `${hearback.url}/v1/organizations/${hearback.orgId}/feedback-pages/${created.id}/analytics`,
        { headers: { 'x-service-key': hearback.adminKey } },
      );
      const { views, starts } = (await response.json()) as { views: number; starts: number };
      return { views, starts };
    };
    const page = await harness.newPage();
    const beacons: { url: string; status: number }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.endsWith('/start'))
        beacons.push({ url: response.url(), status: response.status() });
    });
    for (let view = 1; view <= 2; view += 1) {
      await page.goto(created.url);
      await page.getByLabel('What brought you here?').fill('A friend');
      await expect.poll(() => beacons.length).toBe(view);
    }
    expect(beacons.map((beacon) => beacon.status)).toEqual([204, 204]);
    expect(beacons.every((beacon) => /\/start\?visit=\d{4}-\d{2}-\d{2}\./.test(beacon.url))).toBe(true);
    // The page's own beacon sent again, as someone inflating the count would.
    const replayed = await page.evaluate(
      (url) => Promise.all([1, 2, 3].map(async () => (await fetch(url, { method: 'POST' })).status)),
      beacons[1]?.url ?? '',
    );
    expect(replayed).toEqual([204, 204, 204]);
    expect(await analytics()).toEqual({ views: 2, starts: 2 });
  });

  it('tells a respondent whose browser sent the form in Latin-1 that it could not be read, and stores nothing', async () => {
    const created = await harness.publish({
      title: 'Encodings',
      questions: [{ id: 'why', type: 'short_text', title: 'What brought you here?', required: true }],
      settings: { captcha: false },
    });
    const page = await harness.newPage();
    // A copy of the form made to send ISO-8859-1, as a page in another encoding would: é is %E9.
    await page.setContent(
      `<form method="post" action="${created.url}" accept-charset="ISO-8859-1"><input name="q.why" aria-label="why"><button>Send</button></form>`,
    );
    await page.getByLabel('why').fill('Un café');
    const [answer] = await Promise.all([page.waitForNavigation(), page.getByRole('button', { name: 'Send' }).click()]);
    expect(answer?.status()).toBe(400);
    await expect
      .poll(() => page.getByRole('heading', { level: 1 }).textContent())
      .toBe('Your answers could not be read');
    await harness.screenshot(page, 'unreadable-form');
    expect(await harness.responses(created.id)).toEqual([]);
  });

  it('shows an invalid answer as an accessible error: summary focused, field marked, no serious axe violation', async () => {
    const created = await harness.publish({
      title: 'Errors',
      questions: [
        { id: 'email', type: 'email', title: 'Your work email', required: true },
        { id: 'nps', type: 'nps', title: 'How likely are you to recommend us?', required: true },
      ],
    });
    const page = await harness.newPage();
    await page.goto(created.url);
    await page.locator('#q-email').focus();
    await page.keyboard.type('not an address');
    await page.keyboard.press('Enter');

    await expect.poll(() => focused(page)).toBe('error-summary');
    const summary = page.locator('#error-summary');
    expect(await summary.getAttribute('role')).toBe('alert');
    expect(await summary.locator('li').allTextContents()).toEqual([
      'Your work email: Enter an email address such as name@example.com.',
      'How likely are you to recommend us?: This question is required.',
    ]);
    const email = page.locator('#q-email');
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await email.getAttribute('aria-describedby')).toBe('q-email-error');
    expect(await page.locator('#q-email-error').textContent()).toBe('Enter an email address such as name@example.com.');
    expect(await page.locator('#q-nps').getAttribute('aria-invalid')).toBe('true');
    expect(await seriousViolations(page)).toEqual([]);
    await harness.screenshot(page, 'invalid-answer');
    expect(await harness.responses(created.id)).toEqual([]);

    // Following the summary's link leads to the field.
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    expect(await focused(page)).toBe('q-email');
  });

  it('renders dark when the system is, and when the page says so', async () => {
    const created = await harness.publish({
      title: 'Dark',
      questions: [{ id: 'nps', type: 'nps', title: 'Score' }],
      settings: { captcha: false },
    });
    const background = (page: Page) => page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    const dark = await harness.newPage({ colorScheme: 'dark' });
    await dark.goto(created.url);
    expect(await background(dark)).toBe('rgb(13, 17, 23)');
    expect(await seriousViolations(dark)).toEqual([]);
    await harness.screenshot(dark, 'dark-system');

    const light = await harness.newPage({ colorScheme: 'light' });
    await light.goto(created.url);
    expect(await background(light)).toBe('rgb(246, 247, 249)');

    const forced = await harness.publish({
      title: 'Always dark',
      questions: [{ id: 'nps', type: 'nps', title: 'Score' }],
      settings: { theme: { colorScheme: 'dark', dark: { colors: { primary: '#f472b6' } } } },
    });
    await light.goto(forced.url);
    expect(await background(light)).toBe('rgb(13, 17, 23)');
    expect(
      await light.evaluate(() => getComputedStyle(document.querySelector('button') as Element).backgroundColor),
    ).toBe('rgb(244, 114, 182)');
    await harness.screenshot(light, 'dark-page-setting');
  });

  it('in embed mode, inside an iframe of another site, posts its height to the parent and submits', async () => {
    const created = await harness.publish({
      title: 'Embedded',
      questions: [{ id: 'nps', type: 'nps', title: 'How likely are you to recommend us?', required: true }],
    });
    const page = await harness.newPage();
    // A site of another origin (another port), framing the page as the share helper's snippet does.
    const parentHtml = `<!doctype html><title>Parent</title><script>window.heights=[];addEventListener('message',(e)=>{if(e.data&&e.data.type==='hearback:height')heights.push(e.data.height)})</script><iframe title="Feedback" src="${created.url}?embed=1" style="width:600px;height:300px;border:0"></iframe>`;
    const parent = createServer((_request, response) => response.end(parentHtml));
    await new Promise<void>((resolve) => parent.listen(0, '127.0.0.1', resolve));
    const { port } = parent.address() as AddressInfo;
    await page.goto(`http://127.0.0.1:${port}/`);
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { heights: number[] }).heights.length))
      .toBeGreaterThan(0);
    const frame = page.frameLocator('iframe');
    // The page reports its height at once and again on every resize (the captcha's status, the
    // progress line): a message may still be on its way, so both are read together until they agree.
    await expect
      .poll(async () => ({
        reported: await page.evaluate(() => (window as unknown as { heights: number[] }).heights.at(-1)),
        document: await frame.locator('html').evaluate((html) => html.scrollHeight),
      }))
      .toSatisfy(({ reported, document }) => reported === document);
    expect(await frame.locator('footer').count()).toBe(0);
    await frame.locator('input[name="q.nps"][value="8"]').focus();
    await page.keyboard.press('Space');
    await page.keyboard.press('Enter');
    await expect.poll(() => frame.locator('h1').textContent(), { timeout: 30_000 }).toBe('Thank you');
    await harness.screenshot(page, 'embedded');
    expect((await harness.responses(created.id)).map((response) => response.answers)).toEqual([{ nps: 8 }]);
    expect(harness.consoleErrors(page)).toEqual([]);
    parent.close();
  });

  it('fits a phone screen and lays right-to-left text out from the right', async () => {
    const created = await harness.publish({
      title: 'משוב על השירות',
      questions: [
        { id: 'nps', type: 'nps', title: 'עד כמה סביר שתמליצו עלינו?', required: true },
        {
          id: 'plan',
          type: 'single_choice',
          title: 'באיזו תוכנית אתם?',
          options: [
            { value: 'free', label: 'חינם' },
            { value: 'pro', label: 'מקצועית' },
          ],
        },
        { id: 'why', type: 'long_text', title: 'ספרו לנו עוד' },
      ],
    });
    const page = await harness.newPage({ width: 375, height: 800 });
    await page.goto(created.url);
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('h1') as Element).direction)).toBe('rtl');
    // Our own English words stay readable inside the right-to-left page.
    await page.locator('input[name="q.nps"][value="3"]').focus();
    await page.keyboard.press('Space');
    expect(await page.locator('#progress-text').evaluate((element) => getComputedStyle(element).direction)).toBe('ltr');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    const send = await page.locator('#send').boundingBox();
    expect(send?.height ?? 0).toBeGreaterThanOrEqual(44);
    await harness.screenshot(page, 'mobile-rtl');
    expect(harness.consoleErrors(page)).toEqual([]);
  });
});
