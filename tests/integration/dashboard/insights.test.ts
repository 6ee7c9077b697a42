import { readFileSync } from 'node:fs';
import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clearOfDayChange } from '../../../packages/server/test/support/day-change.js';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const GRACE: Person = { name: 'Grace Hopper', email: 'grace@example.com', password: 'compiler-a0-1952' };

/** Today's feedback, several types: 3 NPS (2 promoters, 1 detractor: NPS 33.3), 2 CSAT (one 4–5: 50 %). */
const SEED = [
  { type: 'nps', score: 10, comment: 'Love the new dashboard', context: { source: 'widget' } },
  { type: 'nps', score: 9, comment: 'Fast and clear', context: { source: 'widget' } },
  { type: 'nps', score: 3, comment: 'Checkout keeps timing out', context: { source: 'server' } },
  { type: 'csat', score: 5, comment: 'Support answered in minutes', context: { source: 'widget' } },
  { type: 'csat', score: 2, comment: 'Refund took two weeks', context: { source: 'server' } },
  { type: 'stars', score: 4, comment: 'Good, "but" slow,\nsometimes', context: { source: 'widget' } },
  { type: 'thumbs', score: 1, comment: '=HYPERLINK("https://evil.example")', context: { source: 'widget' } },
  { type: 'text', comment: 'Please add dark mode to the export page', context: { source: 'server' } },
] as const;

interface TrendPoint {
  date: string;
  count: number;
  nps: number | null;
  csatPercent: number | null;
}
interface Trends {
  range: { from: string; to: string };
  series: { group: string | null; total: number; buckets: TrendPoint[] }[];
}

/** The rows of the table that reads a chart out: period, then one cell per series. */
async function chartTable(page: Page, title: string): Promise<{ columns: string[]; rows: string[][] }> {
  const table = page.locator('table', { has: page.locator('caption', { hasText: new RegExp(`^${title} \\(`) }) });
  const columns = await table.locator('thead th').allInnerTexts();
  const rows = await table
    .locator('tbody tr')
    .evaluateAll((trs) => trs.map((tr) => [...tr.children].map((cell) => cell.textContent ?? '')));
  return { columns, rows };
}

/** The chart's pixels: they change when what it draws changes. */
const canvasImage = (page: Page, title: string) =>
  page
    .locator(`[data-chart="${title}"] canvas`)
    .first()
    .evaluate((canvas: HTMLCanvasElement) => canvas.toDataURL());

/** Parses RFC 4180 CSV (quoted cells may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (quoted) {
      if (char === '"' && text[index + 1] === '"') {
        cell += '"';
        index += 1;
      } else if (char === '"') quoted = false;
      else cell += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      row.push(cell);
      cell = '';
    } else if (char === '\n') {
      row.push(cell.replace(/\r$/, ''));
      rows.push(row);
      row = [];
      cell = '';
    } else cell += char;
  }
  if (cell !== '' || row.length > 0) rows.push([...row, cell]);
  return rows;
}

async function expectCleanScreen(harness: DashboardHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await harness.cspViolations(page), name).toEqual([]);
}

describe.skipIf(!available)('the Insights screen', () => {
  let harness: DashboardHarness;
  let page: Page;
  const ids: string[] = [];

  beforeAll(async () => {
    // The first tests read today's bucket (and this week's) and expect every seeded item in it.
    await clearOfDayChange({ marginMs: 30_000 });
    harness = await startDashboardHarness();
    for (const item of SEED) ids.push((await harness.collect(item)).id);
    page = await harness.newPage();
    await harness.signUp(page, GRACE);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('charts volume, NPS and CSAT per day, with the numbers the API counts read out as tables', async () => {
    await page.getByRole('link', { name: 'Insights', exact: true }).click();
    await page.waitForURL(/\/insights/);
    await expect.poll(() => page.locator('[data-chart="Volume"] canvas').count()).toBeGreaterThan(0);

    const api = await harness.api<Trends>('/feedback/trends?interval=day');
    const today = api.series[0]?.buckets.at(-1);
    expect(today?.count).toBe(SEED.length);

    const volume = await chartTable(page, 'Volume');
    expect(volume.columns).toEqual(['Period', 'All feedback']);
    expect(volume.rows).toHaveLength(30);
    expect(volume.rows.at(-1)?.[1]).toBe(String(SEED.length));
    expect(volume.rows.slice(0, -1).every((row) => row[1] === '0')).toBe(true);
    expect((await chartTable(page, 'NPS')).rows.at(-1)?.[1]).toBe('33.3');
    expect((await chartTable(page, 'CSAT')).rows.at(-1)?.[1]).toBe('50 %');
    // One line mixes scales (NPS 0–10, stars 1–5): no average is drawn, and the screen says why.
    await expect
      .poll(() => page.getByText('scores of different types, which do not average together').isVisible())
      .toBe(true);

    expect(await page.getByRole('heading', { name: 'Themes of the period' }).isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'insights-trends-light');
  });

  it('splits the charts by type and switches to weeks, both kept in the URL', async () => {
    const before = await canvasImage(page, 'Volume');
    await page.getByLabel('Split').selectOption({ label: 'Split by type' });
    await page.waitForURL(/groupBy=type/);
    await expect.poll(async () => (await chartTable(page, 'Volume')).columns.length).toBe(6);
    const byType = await chartTable(page, 'Volume');
    const npsColumn = byType.columns.indexOf('NPS');
    expect(npsColumn).toBeGreaterThan(0);
    expect(byType.rows.at(-1)?.[npsColumn]).toBe('3');
    expect(byType.rows.at(-1)?.[byType.columns.indexOf('CSAT')]).toBe('2');
    expect(await canvasImage(page, 'Volume')).not.toBe(before);
    // Each line is now one type: the average of the stars line is its one score.
    const average = await chartTable(page, 'Average score');
    expect(average.rows.at(-1)?.[average.columns.indexOf('Stars')]).toBe('4');

    await page.getByLabel('Interval').selectOption({ label: 'By week' });
    await page.waitForURL(/interval=week/);
    expect(page.url()).toContain('groupBy=type');
    await expect.poll(async () => (await chartTable(page, 'Volume')).rows[0]?.[0]).toMatch(/^Week of /);
    const weeks = await chartTable(page, 'Volume');
    expect(weeks.rows.length).toBeGreaterThanOrEqual(5);
    expect(weeks.rows.length).toBeLessThanOrEqual(6);
    expect(weeks.rows.at(-1)?.[weeks.columns.indexOf('NPS')]).toBe('3');

    // The URL is the view: opened afresh, the same charts.
    await page.reload();
    await expect.poll(async () => (await chartTable(page, 'Volume')).rows[0]?.[0]).toMatch(/^Week of /);
    expect(await page.getByLabel('Split').inputValue()).toBe('type');
  });

  it('narrows everything by the inbox filters', async () => {
    await page.getByLabel('Filter by type').selectOption({ label: 'NPS' });
    await page.waitForURL(/type=nps/);
    await expect.poll(async () => (await chartTable(page, 'Volume')).columns).toEqual(['Period', 'NPS']);
    await expect
      .poll(() => page.getByText('Every item of this period and these filters (3 items)').isVisible())
      .toBe(true);
    await page.getByRole('button', { name: 'Clear filters' }).click();
    await expect.poll(() => page.getByText(`(${SEED.length} items)`).isVisible()).toBe(true);
    expect(page.url()).toContain('interval=week');
  });

  it('says when the comments are not indexed yet instead of showing themes', async () => {
    // This server embeds nothing (no background jobs): every comment waits for its vector.
    await expect
      .poll(() => page.getByText(`${SEED.length} items with a comment wait to be indexed`).isVisible())
      .toBe(true);
  });

  it('exports the filter as CSV with its progress, the file holding the items the API lists', async () => {
    await page.evaluate(() => {
      const seen: { value: number; max: number }[] = [];
      (window as unknown as { progressSeen: typeof seen }).progressSeen = seen;
      new MutationObserver(() => {
        const bar = document.querySelector('progress');
        if (bar) seen.push({ value: bar.value, max: bar.max });
      }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
    });
    await page.getByLabel('File format').selectOption('csv');
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^feedback-[a-z0-9-]+-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = readFileSync(await download.path(), 'utf8');
    const [header, ...rows] = parseCsv(file.replace(/^\uFEFF/, ''));
    expect(header?.slice(0, 3)).toEqual(['id', 'createdAt', 'inboxId']);
    const listed = await harness.api<{ data: { id: string; comment: string | null }[] }>('/feedback?limit=100');
    expect(rows.map((row) => row[0])).toEqual(listed.data.map((item) => item.id));
    expect(new Set(rows.map((row) => row[0]))).toEqual(new Set(ids));
    // Text that spreadsheets would run is neutralised; quotes and line breaks survive.
    const comments = rows.map((row) => row[header?.indexOf('comment') ?? -1]);
    expect(comments).toContain(`'=HYPERLINK("https://evil.example")`);
    expect(comments).toContain('Good, "but" slow,\nsometimes');

    await expect
      .poll(() => page.getByText(`Exported ${SEED.length} items to ${download.suggestedFilename()}`).isVisible())
      .toBe(true);
    const progress = await page.evaluate(
      () => (window as unknown as { progressSeen: { value: number; max: number }[] }).progressSeen,
    );
    // The bar measured the stream against the total of the same filter (`GET …/feedback/stats`).
    expect(progress.length).toBeGreaterThan(0);
    expect(progress.every((step) => step.max === SEED.length && step.value <= SEED.length)).toBe(true);
    await expectCleanScreen(harness, page, 'insights-export-light');
    expect(harness.errors(page)).toEqual([]);
  });

  it('counts, charts and exports the period Since and Until set, and offers no search it cannot count', async () => {
    const { range } = await harness.api<Trends>('/feedback/trends?interval=day');
    // The organization's day is UTC's here: the day after today, Since and Until (that one day).
    const tomorrow = range.to.slice(0, 10);
    const asked: string[] = [];
    const record = (request: { url(): string }) => {
      if (new URL(request.url()).pathname.includes('/feedback/')) asked.push(decodeURIComponent(request.url()));
    };
    page.on('request', record);
    try {
      await page.goto(
        `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/insights?from=${tomorrow}&to=${tomorrow}&meaning=slow`,
      );
      // Every seeded item is today's: none is in the period the fields show.
      await expect
        .poll(() => page.getByText('Every item of this period and these filters (0 items)').isVisible())
        .toBe(true);
      expect(await page.getByLabel('Since').inputValue()).toBe(tomorrow);
      expect(await page.getByLabel('Until').inputValue()).toBe(tomorrow);
      expect(await page.getByRole('combobox', { name: 'Period' }).locator('option:checked').innerText()).toBe(
        'From the Since date',
      );
      expect((await chartTable(page, 'Volume')).rows).toEqual([[expect.any(String), '0']]);
      expect(asked.some((url) => url.includes(`/feedback/trends?`) && url.includes(`from=${tomorrow}`))).toBe(true);
      expect(asked.filter((url) => url.includes('meaning') || url.includes('/search'))).toEqual([]);
      // Trends cannot be counted by meaning: the screen offers words only.
      expect(await page.getByRole('combobox', { name: 'Search by' }).count()).toBe(0);

      await page.getByRole('combobox', { name: 'Period' }).selectOption({ label: 'Last 30 days' });
      await expect.poll(() => page.getByText(`(${SEED.length} items)`).isVisible()).toBe(true);
      expect(new URL(page.url()).searchParams.get('from')).toBeNull();
      expect(await page.getByLabel('Since').inputValue()).toBe('');
      expect(harness.errors(page)).toEqual([]);
    } finally {
      page.off('request', record);
    }
  });

  it('counts a slow export as it arrives, and cancels it without a file', async () => {
    // A slow connection (Chromium's own throttling): the file (8 items, about 3 KB) arrives over
    // seconds, a few items at a time. Chromium hands the body on in the same pieces at any rate (3 items
    // first, measured at 250, 1,000 and 2,500 B/s); 1,000 B/s brings the first in after about 3 s and
    // leaves about 3 s more to read the count and cancel (250 B/s took 12 s to the first piece).
    const network = await page.context().newCDPSession(page);
    await network.send('Network.enable');
    await network.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 0,
      downloadThroughput: 1000,
      uploadThroughput: -1,
    });
    const downloads: string[] = [];
    page.on('download', (download) => downloads.push(download.suggestedFilename()));
    try {
      await page.getByLabel('File format').selectOption('ndjson');
      await page.getByRole('button', { name: 'Export NDJSON' }).click();
      const bar = page.locator('progress');
      // Part of the file is in: the bar shows a share of the total, neither empty nor full.
      let midway = 0;
      await expect
        .poll(async () => (midway = await bar.evaluate((element: HTMLProgressElement) => element.value)), {
          timeout: 20_000,
        })
        .toBeGreaterThan(0);
      expect(midway).toBeLessThan(SEED.length);
      expect(
        await page
          .getByRole('status')
          .filter({ hasText: `of ${SEED.length}` })
          .textContent(),
      ).toMatch(new RegExp(`^\\d items? of ${SEED.length}$`));
      await page.getByRole('button', { name: 'Cancel export' }).click();
      await expect.poll(() => page.getByText('Export cancelled after').isVisible()).toBe(true);
      expect(await bar.count()).toBe(0);
    } finally {
      await network.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
    }
    expect(downloads).toEqual([]);
    expect(harness.errors(page)).toEqual([]);
  });

  it('draws the charts in the dark scheme, and redraws them when the scheme changes', async () => {
    const dark = await harness.newPage({ colorScheme: 'dark' });
    await harness.signIn(dark, GRACE);
    await dark.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/insights?groupBy=source`);
    await expect.poll(() => dark.locator('[data-chart="Volume"] canvas').count()).toBeGreaterThan(0);
    expect((await chartTable(dark, 'Volume')).columns).toEqual(['Period', 'widget', 'server']);
    await expectCleanScreen(harness, dark, 'insights-trends-dark');

    const light = await canvasImage(page, 'Volume');
    await page.locator('.account-menu summary').click();
    await page.getByRole('radio', { name: 'Dark' }).check();
    await expect.poll(() => canvasImage(page, 'Volume')).not.toBe(light);
    expect(harness.errors(dark)).toEqual([]);
  });
});

/** Comments on three topics, for themes found by the real local model. */
const TOPICS = {
  checkout: [
    'Checkout failed with a payment error',
    'My card was declined at checkout',
    'Payment failed three times during checkout',
    'The checkout page shows an error when I pay',
    'Could not complete checkout, the payment keeps failing',
    'Checkout payment error again today',
    'Payment declined on the checkout page',
    'Checkout is broken, card payment fails',
  ],
  darkMode: [
    'Please add a dark mode',
    'Dark mode would be easier on my eyes at night',
    'I want a dark mode for the app',
    'The screen is too bright at night, dark mode please',
    'Any plans for dark mode?',
    'Dark mode please, my eyes hurt',
    'Would love a dark mode option',
    'Add dark mode to the settings',
  ],
  speed: [
    'The app is very slow to load',
    'Pages take forever to load',
    'Loading is so slow on my phone',
    'Everything loads slowly since the update',
    'Slow loading times all day',
    'It takes ages for the page to load',
    'Why is loading so slow lately',
    'The dashboard is slow to load every morning',
  ],
} as const;

interface Themes {
  unindexed: number;
  themes: { label: string; size: number; terms: string[]; representatives: { id: string; comment: string | null }[] }[];
}

describe.skipIf(!available)('the themes of the period, found by the local model', () => {
  let harness: DashboardHarness;
  beforeAll(async () => {
    harness = await startDashboardHarness({ embedComments: true });
    for (const comments of Object.values(TOPICS))
      for (const comment of comments) await harness.collect({ type: 'text', comment });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('shows each theme with its size and sample comments, and opens its comments in the inbox', async () => {
    let themes: Themes | undefined;
    await expect
      .poll(
        async () => {
          themes = await harness.api<Themes>('/feedback/themes');
          return themes.unindexed === 0 && themes.themes.length > 0;
        },
        { timeout: 120_000, interval: 250 },
      )
      .toBe(true);
    const page = await harness.newPage();
    await harness.signUp(page, GRACE);
    await page.getByRole('link', { name: 'Insights', exact: true }).click();
    const list = page.getByRole('heading', { name: 'Themes of the period' }).locator('..').getByRole('listitem');
    await expect
      .poll(() => page.getByRole('heading', { level: 3, name: themes?.themes[0]?.label }).isVisible())
      .toBe(true);

    for (const theme of themes?.themes ?? []) {
      const card = page.locator('li.theme', { has: page.getByRole('heading', { name: theme.label, exact: true }) });
      expect(await card.getByText(`${theme.size} items`).isVisible()).toBe(true);
      const samples = await card
        .getByRole('list', { name: `Sample comments of ${theme.label}` })
        .getByRole('link')
        .allTextContents();
      expect(samples).toEqual(theme.representatives.map((item) => item.comment));
    }
    expect(await list.count()).toBeGreaterThan(0);
    await expectCleanScreen(harness, page, 'insights-themes-light');

    const first = themes?.themes[0];
    const term = first?.terms[0] ?? '';
    await page.getByRole('link', { name: `Open “${term}” comments in the inbox` }).click();
    await page.waitForURL(/\/inbox/);
    expect(new URL(page.url()).searchParams.get('q')).toBe(term);
    // The period as days the inbox's date fields show, not instants they cannot (a filter out of sight).
    const since = new URL(page.url()).searchParams.get('from');
    const until = new URL(page.url()).searchParams.get('to');
    expect(since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(until).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    await expect.poll(() => page.getByLabel('Since').inputValue()).toBe(since);
    expect(await page.getByLabel('Until').inputValue()).toBe(until);
    const matching = await harness.api<{ data: { id: string }[] }>(`/feedback?q=${encodeURIComponent(term)}&limit=100`);
    expect(matching.data.length).toBeGreaterThan(0);
    await expect.poll(() => page.locator('li[data-id]').count()).toBe(matching.data.length);

    const dark = await harness.newPage({ colorScheme: 'dark' });
    await harness.signIn(dark, GRACE);
    await dark.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/insights`);
    await expect.poll(() => dark.getByRole('heading', { level: 3, name: first?.label }).isVisible()).toBe(true);
    await expectCleanScreen(harness, dark, 'insights-themes-dark');
  });
});

interface ThemePage {
  theme: { id: string; label: string; size: number };
  data: { id: string; comment: string | null }[];
  nextCursor: string | null;
}

/** More dark mode requests than a page of a theme's screen holds (50). */
const MORE_DARK_MODE = [
  'Please add a dark mode',
  'We need dark mode',
  'Dark mode please',
  'I would love a dark theme',
  'Can you add dark mode',
  'A dark mode would help',
].flatMap((ask) =>
  [
    'for night use',
    'because the white background is too bright',
    'on the mobile app',
    'in the settings',
    'for my tired eyes',
    'like other apps have',
    'for late evenings',
    'so I can read in bed',
    'during night shifts',
    'to save battery on my phone',
  ].map((reason) => `${ask} ${reason}`),
);

describe.skipIf(!available)("a theme's screen, found by the local model", () => {
  let harness: DashboardHarness;
  beforeAll(async () => {
    harness = await startDashboardHarness({ embedComments: true });
    for (const comment of [...Object.values(TOPICS).flat(), ...MORE_DARK_MODE])
      await harness.collect({ type: 'text', comment });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('lists exactly the items of the theme opened, each opening in the inbox; a changed theme says so', async () => {
    // Every comment has its vector: the themes are the whole period's.
    await expect
      .poll(async () => (await harness.api<Themes>('/feedback/themes')).unindexed, {
        timeout: 120_000,
        interval: 250,
      })
      .toBe(0);
    const page = await harness.newPage();
    await harness.signUp(page, GRACE);
    await page.getByRole('link', { name: 'Insights', exact: true }).click();
    const themes = page.getByRole('heading', { name: 'Themes of the period' }).locator('..');
    const title = themes.getByRole('heading', { level: 3 }).getByRole('link').first();
    await title.waitFor();
    const label = (await title.textContent()) ?? '';
    await title.click();
    await page.waitForURL(/\/insights\/themes\/thm_[0-9a-f]{16}\?/);

    // What the API answers for the theme of the URL, with the period and filters the screen passed on.
    const url = new URL(page.url());
    const themeId = url.pathname.split('/').at(-1) ?? '';
    expect(url.searchParams.get('from')).toBeTruthy();
    expect(url.searchParams.get('to')).toBeTruthy();
    const answer = await harness.api<ThemePage>(`/feedback/themes/${themeId}/feedback${url.search}&limit=200`);
    expect(answer.theme.label).toBe(label);
    expect(answer.data).toHaveLength(answer.theme.size);
    expect(answer.nextCursor).toBeNull();

    // The largest theme (dark mode) holds more than a page: 50 first, the rest on "Load more".
    expect(answer.theme.size).toBeGreaterThan(50);
    // The header reads "Theme" until the first page of items arrives.
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(label);
    const items = page.getByRole('region', { name: 'Items of the theme' }).getByRole('listitem');
    await expect.poll(() => items.count()).toBe(50);
    expect(await page.getByText(`${answer.theme.size} items`, { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText(`Showing 50 of ${answer.theme.size} items`).isVisible()).toBe(true);
    expect(await items.getByRole('link').allTextContents()).toEqual(
      answer.data.slice(0, 50).map((item) => item.comment),
    );
    await expectCleanScreen(harness, page, 'insights-theme-light');
    await page.getByRole('button', { name: 'Load more' }).click();
    await expect.poll(() => items.count()).toBe(answer.theme.size);
    expect(await items.getByRole('link').allTextContents()).toEqual(answer.data.map((item) => item.comment));
    expect(await page.getByRole('button', { name: 'Load more' }).count()).toBe(0);

    // One click: the inbox, with the item open in its pane.
    const [second] = answer.data.slice(1);
    await items.getByRole('link', { name: second?.comment ?? '', exact: true }).click();
    await page.waitForURL(/\/inbox\?/);
    expect(new URL(page.url()).searchParams.get('item')).toBe(second?.id);
    const pane = page.getByRole('complementary', { name: 'Comment' });
    await expect.poll(() => pane.locator('.pane-comment').textContent()).toBe(second?.comment);

    const dark = await harness.newPage({ colorScheme: 'dark' });
    await harness.signIn(dark, GRACE);
    await dark.goto(
      `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/insights/themes/${themeId}${url.search}`,
    );
    await expect.poll(() => dark.getByRole('heading', { level: 1 }).textContent()).toBe(label);
    await expect
      .poll(() => dark.getByRole('region', { name: 'Items of the theme' }).getByRole('listitem').count())
      .toBe(50);
    await expectCleanScreen(harness, dark, 'insights-theme-dark');

    // A theme the period no longer has (here: an id of none): the screen says why, and leads back.
    await dark.goto(
      `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/insights/themes/thm_0000000000000000${url.search}`,
    );
    const gone = dark.getByRole('status').filter({ hasText: 'no longer among the period' });
    await expect.poll(() => gone.isVisible()).toBe(true);
    expect(await gone.textContent()).toContain('found anew');
    await expectCleanScreen(harness, dark, 'insights-theme-gone-dark');
    await gone.getByRole('link', { name: 'Back to the themes of Insights' }).click();
    await dark.waitForURL(/\/insights(\?|$)/);
    await expect.poll(() => dark.getByRole('heading', { name: 'Themes of the period' }).isVisible()).toBe(true);
    expect(harness.errors(page)).toEqual([]);
  });
});

describe.skipIf(!available)('the Insights screen on a server without semantic search', () => {
  let harness: DashboardHarness;
  beforeAll(async () => {
    // This option also turns search off (HEARBACK_SEARCH=off), which is what this test needs.
    harness = await startDashboardHarness({ deliverWebhooksLocally: true });
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('says what enables themes', async () => {
    await harness.collect({ type: 'text', comment: 'Where are the themes?' });
    const page = await harness.newPage();
    const themesAsked: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/feedback/themes')) themesAsked.push(request.url());
    });
    await harness.signUp(page, GRACE);
    await page.getByRole('link', { name: 'Insights', exact: true }).click();
    const notice = page.getByRole('status').filter({ hasText: 'needs semantic search' });
    await expect.poll(() => notice.isVisible()).toBe(true);
    expect(await notice.textContent()).toContain('HEARBACK_SEARCH');
    // GET /account said search is off: the themes, which would answer 503, are not asked for.
    expect(themesAsked).toEqual([]);
    expect(harness.errors(page)).toEqual([]);
    await expectCleanScreen(harness, page, 'insights-themes-off-light');
  });
});
