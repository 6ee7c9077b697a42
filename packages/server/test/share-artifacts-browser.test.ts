import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { type Browser, chromium, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailSignatureHtml } from '../src/pages/share/email-signature.js';
import { FLYER_CONTENT_SECURITY_POLICY, flyerHtml } from '../src/pages/share/flyer.js';
import { IFRAME_DEFAULT_HEIGHT, iframeSnippet } from '../src/pages/share/iframe-snippet.js';
import { qrSvg } from '../src/pages/share/qr-code.js';
import { decodeQrPng, HOSTILE_TEXT } from './support/share-artifacts.js';

// The sharing artifacts as people meet them: printed, pasted into a mail, embedded in a site.
// Screenshots go to test-output/screenshots/ (look at them when the markup changes).
const SCREENSHOT_DIR = fileURLToPath(new URL('../test-output/screenshots/', import.meta.url));
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

interface Site {
  origin: string;
  /** Serves `body` as HTML at `path` (with the extra headers), until the site closes. */
  html(path: string, body: string, headers?: Record<string, string>): string;
  close(): Promise<void>;
}

/** A real HTTP origin serving the HTML it is given. */
async function serveSite(): Promise<Site> {
  const pages = new Map<string, { body: string; headers: Record<string, string> }>();
  const server: Server = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    // Chromium asks every origin for a favicon; a 404 would show up as a console error.
    if (path === '/favicon.ico') return response.writeHead(204).end();
    const page = pages.get(path);
    if (!page) return response.writeHead(404).end();
    response.writeHead(200, { 'content-type': 'text/html; charset=utf-8', ...page.headers }).end(page.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    html(path, body, headers = {}) {
      pages.set(path, { body, headers });
      return origin + path;
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// The callbacks given to page.evaluate run in Chromium. The server's type-check has no DOM library
// (and must not: it would hide Node-only mistakes), so the few browser globals they use are declared.
interface BrowserNode {
  localName: string;
  getAttribute(name: string): string | null;
  querySelector(selector: string): BrowserNode | null;
  textContent: string | null;
}
declare const DOMParser: new () => {
  parseFromString(
    text: string,
    type: string,
  ): { documentElement: BrowserNode; querySelector(selector: string): BrowserNode | null };
};
declare function getComputedStyle(node: BrowserNode): {
  backgroundColor: string;
  color: string;
  fontFamily: string;
  fontWeight: string;
};
declare const document: { body: { clientWidth: number } };
declare const window: {
  seen: number[];
  postMessage(message: unknown, targetOrigin: string): void;
  addEventListener(type: 'message', listener: (event: { data: { height: number } }) => void): void;
};

let browser: Browser;
let pagesSite: Site;
let customerSite: Site;
let pageUrl: string;

beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  [pagesSite, customerSite] = await Promise.all([serveSite(), serveSite()]);
  pageUrl = `${pagesSite.origin}/f/acme/onboarding`;
  browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: ['--headless', '--no-sandbox', '--disable-gpu'],
  });
});
afterAll(async () => {
  await browser?.close();
  await Promise.all([pagesSite?.close(), customerSite?.close()]);
});

/**
 * A light page that records every request leaving the pages origin (and aborts it), page
 * errors, dialogs (an escaped `alert` must never open one) and CSP violations.
 */
async function watchedPage(viewport = { width: 1000, height: 1300 }) {
  const context = await browser.newContext({ colorScheme: 'light', viewport });
  const page = await context.newPage();
  const requests: string[] = [];
  const problems: string[] = [];
  page.on('request', (request) => requests.push(request.url()));
  page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
  page.on('dialog', (dialog) => {
    problems.push(`dialog: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console: ${message.text()}`);
  });
  return { page, requests, problems, close: () => context.close() };
}

async function screenshot(page: Page, name: string) {
  await page.screenshot({ path: `${SCREENSHOT_DIR}share-${name}.png`, fullPage: true });
}

describe('the QR code SVG', () => {
  it('is well-formed XML that a browser parses as an SVG with a viewBox', async () => {
    const svg = await qrSvg(pageUrl);
    const { page, close } = await watchedPage();
    const parsed = await page.evaluate((text) => {
      const document = new DOMParser().parseFromString(text, 'image/svg+xml');
      return {
        error: document.querySelector('parsererror')?.textContent ?? null,
        root: document.documentElement.localName,
        viewBox: document.documentElement.getAttribute('viewBox'),
      };
    }, svg);
    expect(parsed).toEqual({ error: null, root: 'svg', viewBox: expect.stringMatching(/^0 0 \d+ \d+$/) });
    await close();
  });
});

describe('the flyer in Chromium', () => {
  it('shows the title, the link and a QR code a phone reads, fetching nothing and running nothing', async () => {
    const input = {
      pageUrl,
      title: 'How was your onboarding?',
      description: 'Two minutes, five questions. Your answers shape what we build next.',
      accentColor: '#0f766e',
    };
    const url = pagesSite.html('/flyer', await flyerHtml(input), {
      'content-security-policy': FLYER_CONTENT_SECURITY_POLICY,
    });
    const { page, requests, problems, close } = await watchedPage();
    await page.goto(url);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(input.title);
    await expect(page.getByRole('link').getAttribute('href')).resolves.toBe(pageUrl);
    const qr = page.getByRole('img', { name: `QR code linking to ${pageUrl}` });
    const box = await qr.boundingBox();
    // 105 mm at 96 px per inch is about 397 px: big enough to scan from across a room.
    expect(box?.width).toBeGreaterThan(390);
    expect(decodeQrPng(await qr.screenshot())).toBe(pageUrl);
    await screenshot(page, 'flyer');

    expect(requests).toEqual([url]);
    expect(problems).toEqual([]);
    await close();
  });

  it('prints to one page of A4 and one of Letter', async () => {
    const input = { pageUrl, title: 'How was your onboarding?', description: 'Two minutes, five questions.' };
    const { page, problems, close } = await watchedPage();
    for (const paper of ['a4', 'letter'] as const) {
      await page.goto(pagesSite.html(`/flyer-${paper}`, await flyerHtml(input, { paper })));
      await page.emulateMedia({ media: 'print' });
      await screenshot(page, `flyer-print-${paper}`);
      const pdf = await page.pdf({ preferCSSPageSize: true, printBackground: true });
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      expect(pdf.toString('latin1').match(/\/Type\s*\/Page\b(?!s)/g)).toHaveLength(1);
      // The page size the flyer set, in points: A4 is 595 × 842, Letter 612 × 792.
      const mediaBox = pdf
        .toString('latin1')
        .match(/\/MediaBox\s*\[\s*0 0 ([\d.]+) ([\d.]+)\s*\]/)
        ?.slice(1)
        .map((side) => Math.round(Number(side)));
      expect(mediaBox).toEqual(paper === 'a4' ? [595, 842] : [612, 792]);
    }
    expect(problems).toEqual([]);
    await close();
  });

  it('shows a hostile title as text and runs none of it', async () => {
    const url = pagesSite.html(
      '/flyer-hostile',
      await flyerHtml({ pageUrl, title: HOSTILE_TEXT, description: HOSTILE_TEXT }),
    );
    const { page, problems, close } = await watchedPage();
    await page.goto(url);
    await expect(page.title()).resolves.toBe(HOSTILE_TEXT);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(HOSTILE_TEXT);
    await expect(page.locator('script').count()).resolves.toBe(0);
    expect(problems).toEqual([]);
    await close();
  });
});

describe('the email-signature button in Chromium', () => {
  it('is a padded button in the accent colour with a readable label, linking the page', async () => {
    const signature = emailSignatureHtml({ pageUrl, title: 'How was your onboarding?', accentColor: '#0f766e' });
    // As a mail client shows it: the signature below a message, with no stylesheet of its own.
    const mail = `<!doctype html><html><body style="margin:24px;font:15px Georgia,serif">
<p>Thanks again for joining us last week.</p><p>Best,<br>Ana Ruiz<br>Customer success, Acme</p>${signature}</body></html>`;
    const { page, problems, close } = await watchedPage({ width: 600, height: 300 });
    await page.goto(customerSite.html('/mail', mail));

    const link = page.getByRole('link', { name: 'Give feedback' });
    await expect(link.getAttribute('href')).resolves.toBe(pageUrl);
    const cell = page.locator('td');
    const look = await cell.evaluate((element) => {
      const style = getComputedStyle(element);
      const label = getComputedStyle(element.querySelector('span') as BrowserNode);
      return {
        background: style.backgroundColor,
        color: label.color,
        font: label.fontFamily,
        weight: label.fontWeight,
      };
    });
    expect(look).toEqual({
      background: 'rgb(15, 118, 110)',
      color: 'rgb(255, 255, 255)',
      font: 'Arial, Helvetica, sans-serif',
      weight: '700',
    });
    const cellBox = await cell.boundingBox();
    const labelBox = await link.boundingBox();
    // The padding is on the cell (Outlook honours it there): 10 px above and below, 20 px aside.
    expect(Math.round((cellBox?.height ?? 0) - (labelBox?.height ?? 0))).toBe(20);
    expect(Math.round((cellBox?.width ?? 0) - (labelBox?.width ?? 0))).toBe(40);
    await screenshot(page, 'email-signature');
    expect(problems).toEqual([]);
    await close();
  });
});

describe('the iframe snippet in Chromium', () => {
  const heightReporter = (height: number) =>
    `<!doctype html><html><body><p>Form</p><script>parent.postMessage({ type: 'hearback:height', height: ${height} }, '*');</script></body></html>`;

  it('shows the embed URL at a fixed height, then fits the height the embedded page posts', async () => {
    pagesSite.html('/f/acme/onboarding', heightReporter(1234.4));
    const host = customerSite.html(
      '/embed',
      `<!doctype html><html><body><h1>Tell us</h1>\n${iframeSnippet({ pageUrl, title: 'Onboarding' })}\n</body></html>`,
    );
    const { page, requests, problems, close } = await watchedPage({ width: 800, height: 900 });
    await page.goto(host);
    const frame = page.getByTitle('Onboarding');
    await expect.poll(() => frame.evaluate((element) => element.getBoundingClientRect().height)).toBe(1235);
    expect(requests).toContain(`${pageUrl}?embed=1`);
    await expect(frame.evaluate((element) => element.getBoundingClientRect().width)).resolves.toBe(
      await page.evaluate(() => document.body.clientWidth),
    );
    await screenshot(page, 'iframe');
    expect(problems).toEqual([]);
    await close();
  });

  it('ignores height messages from another frame or another origin, and keeps its height without its script', async () => {
    // The form's frame navigates to another origin, which posts a height; a second frame of the
    // form's own origin posts one; the host page posts one. None may resize the form.
    const elsewhere = customerSite.html('/elsewhere', heightReporter(50));
    pagesSite.html(
      '/f/acme/onboarding',
      `<!doctype html><script>location.href = ${JSON.stringify(elsewhere)};</script>`,
    );
    const other = pagesSite.html('/f/acme/other', heightReporter(60));
    const snippet = iframeSnippet({ pageUrl, title: 'Onboarding' });
    const scriptless = snippet.replace(/<script>.*<\/script>/s, '').replace('title="Onboarding"', 'title="Scriptless"');
    const host = customerSite.html(
      '/embed-hostile',
      `<!doctype html><html><body>${snippet}\n<iframe src="${other}" title="Other"></iframe>\n${scriptless}</body></html>`,
    );
    const { page, problems, close } = await watchedPage({ width: 800, height: 900 });
    // Listens before the snippet does: once it has seen a message, so has the snippet's listener.
    await page.addInitScript(() => {
      window.seen = [];
      window.addEventListener('message', (event) => window.seen.push(event.data.height));
    });
    await page.goto(host);
    await page.evaluate(() => window.postMessage({ type: 'hearback:height', height: 70 }, '*'));
    await expect.poll(() => page.evaluate(() => window.seen.toSorted())).toEqual([50, 50, 60, 70]);
    for (const title of ['Onboarding', 'Scriptless']) {
      await expect(page.getByTitle(title).evaluate((element) => element.getBoundingClientRect().height)).resolves.toBe(
        IFRAME_DEFAULT_HEIGHT,
      );
    }
    expect(problems).toEqual([]);
    await close();
  });
});
