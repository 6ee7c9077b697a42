import { once } from 'node:events';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { MAX_WEBHOOK_HEADERS } from '@hearback/inputs';
import { verifyWebhook } from '@hearback/node';
import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page, Request, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, seriousViolations, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const ADA: Person = { name: 'Ada Lovelace', email: 'ada@example.com', password: 'analytical-engine-1843' };
const GRACE: Person = { name: 'Grace Hopper', email: 'grace@example.com', password: 'compiler-a0-1952' };
const TOKEN = 'receiver-token-0f9e8d';
/** The delivery log refreshes itself every 2 s: what the background worker did shows within a few. */
const LOG_REFRESH = { timeout: 10_000 };
/** The preview asks the server once typing pauses (400 ms). */
const PREVIEW = { timeout: 5_000 };
const BODY_TEMPLATE = '{"text": "New {{feedback.type}}: {{feedback.comment}}", "score": "{{feedback.score}}"}';

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** A webhook receiver on 127.0.0.1 that records every request; `failWith` makes it refuse them. */
class Receiver {
  readonly requests: Received[] = [];
  failWith: number | undefined;
  private readonly server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      this.requests.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      response.writeHead(this.failWith ?? 200, { 'content-type': 'text/plain' });
      response.end(this.failWith ? 'receiver says no' : 'ok');
    });
  });
  url = '';
  async start() {
    this.server.listen(0, '127.0.0.1');
    await once(this.server, 'listening');
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks/hearback`;
  }
  close() {
    this.server.close();
  }
}

interface AutomationRow {
  id: string;
  name: string;
  enabled: boolean;
  events: string[];
  webhook: { url: string; headers: Record<string, string>; body: unknown };
}

interface DeliveryRow {
  id: string;
  eventId: string;
  status: string;
  attempts: { statusCode: number | null }[];
}

/** A screen must be usable by everyone and break no rule of the page's policy. */
async function expectCleanScreen(harness: DashboardHarness, page: Page, name: string) {
  await harness.screenshot(page, name);
  expect(await seriousViolations(page), name).toEqual([]);
  expect(await harness.cspViolations(page), name).toEqual([]);
}

describe.skipIf(!available)('automations in the dashboard', () => {
  let harness: DashboardHarness;
  let page: Page;
  const receiver = new Receiver();
  let signingSecret = '';
  let automation: AutomationRow;
  const deliveries = async () =>
    (await harness.api<{ data: DeliveryRow[] }>(`/automations/${automation.id}/deliveries`)).data;

  beforeAll(async () => {
    await receiver.start();
    harness = await startDashboardHarness({ deliverWebhooksLocally: true });
    page = await harness.newPage({ height: 1000 });
    await harness.signUp(page, ADA);
  });
  afterAll(async () => {
    await harness?.close();
    receiver.close();
  });

  it('creates an automation in the editor, with a header using a secret and a previewed body template', async () => {
    await page.getByRole('link', { name: 'Automations', exact: true }).click();
    await expect.poll(() => page.getByText('No automations yet.').isVisible()).toBe(true);
    await page.getByRole('link', { name: 'New automation' }).click();

    await page.getByLabel('Name', { exact: true }).fill('Detractors to the receiver');
    await page.getByLabel('URL', { exact: true }).fill(receiver.url);
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByLabel('Header 1 name').fill('authorization');
    await page.getByLabel('Header 1 value').fill('Bearer {{secrets.RECEIVER_TOKEN}}');
    await page.getByLabel('Body template (JSON)').fill(BODY_TEMPLATE);

    // The server renders the sample event live; the secret does not exist yet, which it says.
    const preview = page.getByRole('figure', { name: 'Rendered request' });
    await expect
      .poll(() => preview.textContent())
      .toContain('"text": "New nps: Love the new export. Could it \\"remember\\" my last filter?"');
    expect(await preview.textContent()).toContain('"score": 9');
    await expect
      .poll(() => page.getByRole('list', { name: 'Render warnings' }).textContent())
      .toContain('RECEIVER_TOKEN');
    await expectCleanScreen(harness, page, 'automations-editor-light');

    // The value is write-only: sent once, then only its name is listed, and the preview masks it.
    await page.getByLabel('Secret name').fill('RECEIVER_TOKEN');
    await page.getByLabel('Secret value').fill(TOKEN);
    await page.getByRole('button', { name: 'Add secret' }).click();
    await expect
      .poll(() => page.getByRole('list', { name: 'Secrets of the organization' }).textContent())
      .toContain('{{secrets.RECEIVER_TOKEN}}');
    // The placeholder is copied whole: it stays on one line in the narrow panel (its buttons wrap instead).
    const placeholderLines = await page.locator('.secret-name').evaluate((element) => {
      const range = document.createRange();
      range.selectNodeContents(element);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    });
    expect(placeholderLines).toBe(1);
    await expect.poll(() => page.getByRole('list', { name: 'Render warnings' }).count()).toBe(0);
    expect(await preview.textContent()).toContain('Bearer ••••••••');
    expect(await page.content()).not.toContain(TOKEN);
    expect((await harness.api<{ data: { name: string }[] }>('/secrets')).data.map((secret) => secret.name)).toEqual([
      'RECEIVER_TOKEN',
    ]);

    await page.getByRole('button', { name: 'Create automation' }).click();
    const secret = page.locator('.secret-value');
    await expect.poll(() => secret.isVisible()).toBe(true);
    signingSecret = (await secret.textContent()) ?? '';
    expect(signingSecret).toMatch(/^whsec_/);
    await expectCleanScreen(harness, page, 'automations-created-light');

    const [stored] = (await harness.api<{ data: AutomationRow[] }>('/automations')).data;
    if (!stored) throw new Error('no automation');
    automation = stored;
    // The address is the new automation's: a reload opens it, and the secret is not shown twice.
    expect(new URL(page.url()).pathname).toBe(`/app/orgs/${harness.hearback.orgId}/automations/${stored.id}`);
    expect(await page.getByText('Automation “Detractors to the receiver” created.').isVisible()).toBe(true);
    await page.reload();
    const heading = page.getByRole('heading', { name: 'Detractors to the receiver', level: 1 });
    await expect.poll(() => heading.isVisible()).toBe(true);
    expect(await page.getByLabel('Name', { exact: true }).inputValue()).toBe('Detractors to the receiver');
    expect(await secret.count()).toBe(0);
    expect(stored).toMatchObject({
      name: 'Detractors to the receiver',
      enabled: true,
      events: ['feedback.created'],
      webhook: {
        url: receiver.url,
        headers: { authorization: 'Bearer {{secrets.RECEIVER_TOKEN}}' },
        body: JSON.parse(BODY_TEMPLATE),
      },
    });
  });

  it('shows the schema’s field errors beside the fields it refuses (credentials in the URL, a reserved header)', async () => {
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/automations/new`);
    await page.getByLabel('Name', { exact: true }).fill('Refused');
    await page.getByLabel('URL', { exact: true }).fill('https://user:pw@hooks.example.com/x');
    await page.getByRole('button', { name: 'Add header' }).click();
    await page.getByLabel('Header 1 name').fill('webhook-signature');
    await page.getByLabel('Header 1 value').fill('forged');
    await page.getByRole('button', { name: 'Create automation' }).click();
    const url = page.getByLabel('URL', { exact: true });
    await expect.poll(() => url.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').filter({ hasText: 'Must not hold credentials' }).count()).toBe(1);
    expect(await page.getByRole('alert').filter({ hasText: 'webhook-signature cannot be overridden' }).count()).toBe(1);
    expect((await harness.api<{ data: AutomationRow[] }>('/automations')).data).toHaveLength(1);
  });

  it('flags a field the API’s schema refuses before sending anything', async () => {
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/automations/new`);
    // Checked in the browser with the server's own schema (@hearback/inputs): no create request leaves.
    const creates: string[] = [];
    const countCreate = (request: Request) => {
      if (request.method() === 'POST' && new URL(request.url()).pathname.endsWith('/automations'))
        creates.push(request.url());
    };
    page.on('request', countCreate);
    try {
      await page.getByLabel('Name', { exact: true }).fill('Refused in the browser');
      await page.getByLabel('URL', { exact: true }).fill(receiver.url);
      await page.getByLabel('Lowest score').fill('5');
      await page.getByLabel('Highest score').fill('2');
      await page.getByLabel('Body template (JSON)').fill('{"text": "{{feedback.scroe}}"}');
      await page.getByRole('button', { name: 'Create automation' }).click();
      const highest = page.getByLabel('Highest score');
      await expect.poll(() => highest.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByRole('alert').filter({ hasText: 'Must be at least the lowest score.' }).count()).toBe(1);
      expect(await page.getByLabel('Body template (JSON)').getAttribute('aria-invalid')).toBe('true');
      // The body's error says where in the JSON the user wrote it, in their words (not `text: …`).
      expect(
        await page
          .getByRole('alert')
          .filter({ hasText: 'At “text”: {{feedback.scroe}}: feedback has no member "scroe"' })
          .count(),
      ).toBe(1);
      // The preview, refused by the server for the same faults, names the fields by their labels too.
      const refusal = page.getByRole('region', { name: 'Preview' }).getByRole('list');
      await expect
        .poll(() => refusal.textContent(), PREVIEW)
        .toContain('Highest score: Must be at least the lowest score.');
      expect(await refusal.textContent()).toContain('Body template (JSON), at “text”: {{feedback.scroe}}');
      // Nothing the person reads names the API's members or paths.
      expect(await page.locator('.automation-editor').textContent()).not.toMatch(/scoreM(in|ax)|filter\.|webhook\./);
      expect(creates).toEqual([]);
      await expectCleanScreen(harness, page, 'automations-editor-refused-light');
    } finally {
      page.off('request', countCreate);
    }
    expect((await harness.api<{ data: AutomationRow[] }>('/automations')).data).toHaveLength(1);
  });

  it('says “Choose at least one.” under “When” with no event checked, not zod’s default English', async () => {
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/automations/new`);
    await page.getByLabel('Name', { exact: true }).fill('No event');
    await page.getByLabel('URL', { exact: true }).fill(receiver.url);
    const when = page.getByRole('group', { name: 'When' });
    await when.getByRole('checkbox', { checked: true }).uncheck();
    await page.getByRole('button', { name: 'Create automation' }).click();
    await expect.poll(() => when.getByRole('alert').allTextContents()).toEqual(['Choose at least one.']);
    await harness.screenshot(page, 'automations-editor-no-event-light');
  });

  it('flags a placeholder one of the checked events lacks, as the API words it', async () => {
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/automations/new`);
    await page.getByLabel('Name', { exact: true }).fill('Feedback and responses');
    await page.getByLabel('URL', { exact: true }).fill(receiver.url);
    // The starting template speaks of feedback; responses carry none.
    await page.getByRole('checkbox', { name: /page_response\.created/ }).check();
    await page.getByRole('button', { name: 'Create automation' }).click();
    const score = page.getByRole('alert').filter({ hasText: 'At “score”: {{feedback.score}}: page_response.created' });
    await expect.poll(() => score.count()).toBe(1);
  });

  it('says the preview is rendering while its request is out, keeping the last one shown', async () => {
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/automations/new`);
    // Each preview request is held here until the test has looked at the card.
    const held: Route[] = [];
    await page.route('**/automations/preview', (route) => {
      held.push(route);
    });
    const release = async () => {
      await expect.poll(() => held.length, PREVIEW).toBe(1);
      await held.shift()?.continue();
    };
    try {
      const card = page.getByRole('region', { name: 'Preview' });
      const rendered = card.getByRole('figure', { name: 'Rendered request' });
      await page.getByLabel('URL', { exact: true }).fill(receiver.url);
      await expect.poll(() => held.length, PREVIEW).toBe(1);
      expect(await card.getAttribute('aria-busy')).toBe('true');
      expect(await card.getByText('Rendering preview…').isVisible()).toBe(true);
      expect(await rendered.count()).toBe(0);
      await expectCleanScreen(harness, page, 'automations-editor-rendering-light');

      await release();
      await expect.poll(() => rendered.isVisible()).toBe(true);
      expect(await card.getAttribute('aria-busy')).toBe('false');
      expect(await card.getByText('Rendering preview…').count()).toBe(0);
      expect(await rendered.textContent()).toContain('"score": 9');

      // A change renders again: the last preview stays while the new one is on its way.
      await page.getByLabel('Body template (JSON)').fill('{"text": "Score {{feedback.score}}"}');
      await expect.poll(() => held.length, PREVIEW).toBe(1);
      expect(await card.getAttribute('aria-busy')).toBe('true');
      expect(await card.getByText('Rendering preview…').isVisible()).toBe(true);
      expect(await rendered.textContent()).toContain('"score": 9');

      await release();
      await expect.poll(() => rendered.textContent()).toContain('"text": "Score 9"');
      expect(await card.getAttribute('aria-busy')).toBe('false');
      expect(await card.getByText('Rendering preview…').count()).toBe(0);
    } finally {
      await page.unroute('**/automations/preview');
      for (const route of held.splice(0)) await route.continue();
    }
  });

  it('shows a rule over all the headers under them, not nowhere (one header past the limit)', async () => {
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/automations/new`);
    await page.getByLabel('Name', { exact: true }).fill('Too many headers');
    await page.getByLabel('URL', { exact: true }).fill(receiver.url);
    for (let header = 1; header <= MAX_WEBHOOK_HEADERS + 1; header++) {
      await page.getByRole('button', { name: 'Add header' }).click();
      await page.getByLabel(`Header ${header} name`).fill(`x-header-${header}`);
      await page.getByLabel(`Header ${header} value`).fill('on');
    }
    await page.getByRole('button', { name: 'Create automation' }).click();
    const headers = page.getByRole('group', { name: 'Headers' });
    await expect
      .poll(() => headers.getByRole('alert').allTextContents())
      .toEqual([`At most ${MAX_WEBHOOK_HEADERS} headers.`]);
    // The preview, which the server refuses for it, says which field it is about.
    await expect
      .poll(() => page.getByRole('region', { name: 'Preview' }).getByRole('list').textContent(), PREVIEW)
      .toContain(`Headers: At most ${MAX_WEBHOOK_HEADERS} headers.`);
    expect((await harness.api<{ data: AutomationRow[] }>('/automations')).data).toHaveLength(1);
  });

  it('sends a test from the automation’s page and shows the receiver’s answer', async () => {
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/automations`);
    await page.getByRole('link', { name: 'Detractors to the receiver', exact: true }).click();
    await expect.poll(() => page.getByRole('heading', { name: 'Detractors to the receiver' }).isVisible()).toBe(true);
    const before = receiver.requests.length;
    await page.getByRole('button', { name: 'Send test' }).click();
    await expect.poll(() => page.getByText('The receiver answered 200').isVisible()).toBe(true);
    expect(receiver.requests).toHaveLength(before + 1);
    const test = receiver.requests.at(-1) as Received;
    expect(test.headers.authorization).toBe(`Bearer ${TOKEN}`);
    // The body is the template's, rendered for the sample event; verifying returns it parsed.
    expect(verifyWebhook(test.body, test.headers, signingSecret)).toEqual({
      text: 'New nps: Love the new export. Could it "remember" my last filter?',
      score: 9,
    });
    await expectCleanScreen(harness, page, 'automations-automation-light');
  });

  it('delivers collected feedback signed, with the rendered body, and logs it as succeeded', async () => {
    await harness.collect({ type: 'nps', score: 3, comment: 'Checkout "keeps" timing out' });
    await expect
      .poll(() => receiver.requests.some((request) => request.body.includes('Checkout')), LOG_REFRESH)
      .toBe(true);
    const delivered = receiver.requests.at(-1) as Received;
    expect(JSON.parse(delivered.body)).toEqual({ text: 'New nps: Checkout "keeps" timing out', score: 3 });
    expect(delivered.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(() => verifyWebhook(delivered.body, delivered.headers, signingSecret)).not.toThrow();
    expect(() => verifyWebhook(delivered.body, delivered.headers, 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toThrow();

    await page.getByRole('link', { name: 'Delivery log' }).click();
    const log = page.getByRole('list', { name: 'Deliveries' });
    await expect.poll(() => log.getByText('Succeeded').count(), LOG_REFRESH).toBe(1);
    await log.getByText(/^Attempts of feedback\.created/).click();
    await expect.poll(() => log.getByRole('cell', { name: /^200 in \d+ ms$/ }).isVisible()).toBe(true);
    expect(await log.textContent()).toContain('ok');
    await expectCleanScreen(harness, page, 'automations-deliveries-light');

    // The list shows each automation's last delivery (from the list call itself); it leads to the log.
    await page.getByRole('link', { name: 'Automations', exact: true }).click();
    const last = page.getByRole('link', { name: /, the last one: Succeeded/ });
    await expect.poll(() => last.isVisible()).toBe(true);
    await last.click();
    await expect.poll(() => page.getByRole('list', { name: 'Deliveries' }).isVisible()).toBe(true);
  });

  it('logs a refused delivery as failed, and sends it again once the receiver is fixed', async () => {
    receiver.failWith = 422;
    const countBefore = receiver.requests.length;
    await harness.collect({ type: 'nps', score: 1, comment: 'First refused' });
    await harness.collect({ type: 'nps', score: 2, comment: 'Second refused' });
    const log = page.getByRole('list', { name: 'Deliveries' });
    // The log refreshes by itself: the two failures appear without a reload.
    await expect.poll(() => log.getByText('Failed', { exact: true }).count(), LOG_REFRESH).toBe(2);
    expect(await log.textContent()).toContain('1 attempt, last: 422 in');
    const failedIds = (await deliveries()).filter((delivery) => delivery.status === 'failed');
    expect(failedIds).toHaveLength(2);
    expect(receiver.requests.length).toBe(countBefore + 2);

    receiver.failWith = undefined;
    const [newest, older] = failedIds as [DeliveryRow, DeliveryRow];
    const newestFailedRequest = receiver.requests.at(-1) as Received;
    await log
      .locator(`li[data-id="${newest.id}"]`)
      .getByRole('button', { name: /^Redeliver/ })
      .click();
    await expect
      .poll(async () => (await deliveries()).find((delivery) => delivery.id === newest.id)?.status)
      .toBe('succeeded');
    const resent = receiver.requests.at(-1) as Received;
    // The same event, the same webhook-id: a receiver deduplicates on it.
    expect(resent.headers['webhook-id']).toBe(newestFailedRequest.headers['webhook-id']);
    expect(resent.headers['webhook-id']).toBe(newest.eventId);
    expect(() => verifyWebhook(resent.body, resent.headers, signingSecret)).not.toThrow();
    await expect.poll(() => log.getByText('Failed', { exact: true }).count(), LOG_REFRESH).toBe(1);

    await page.getByRole('button', { name: 'Redeliver all failed' }).click();
    await expect.poll(() => page.getByText('1 failed delivery queued again.').isVisible()).toBe(true);
    await expect
      .poll(async () => (await deliveries()).find((delivery) => delivery.id === older.id)?.status)
      .toBe('succeeded');
    await expect.poll(() => log.getByText('Succeeded', { exact: true }).count(), LOG_REFRESH).toBe(3);

    await page.getByLabel('Status').selectOption({ label: 'Failed' });
    await expect.poll(() => page.getByText('No deliveries failed yet.').isVisible()).toBe(true);
    expect(page.url()).toContain('state=failed');
  });

  it('edits the filter, rotates the signing secret and replaces a secret’s value; deliveries follow', async () => {
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/automations/${automation.id}`);
    const lowest = page.getByLabel('Lowest score');
    const highest = page.getByLabel('Highest score');
    await lowest.fill('7');
    await highest.fill('6');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => highest.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('alert').filter({ hasText: 'Must be at least the lowest score.' }).count()).toBe(1);
    expect((await harness.api<{ filter: object }>(`/automations/${automation.id}`)).filter).toEqual({});

    await lowest.fill('0');
    await page.getByRole('button', { name: 'Save changes' }).click();
    await expect.poll(() => page.getByText('Saved.').isVisible()).toBe(true);
    expect((await harness.api<{ filter: object }>(`/automations/${automation.id}`)).filter).toEqual({
      scoreMin: 0,
      scoreMax: 6,
    });

    await page.getByRole('button', { name: 'Rotate signing secret' }).click();
    await page
      .getByRole('dialog', { name: 'Rotate the signing secret?' })
      .getByRole('button', { name: 'Rotate' })
      .click();
    const revealed = page.locator('.secret-value');
    await expect.poll(() => revealed.isVisible()).toBe(true);
    const rotated = (await revealed.textContent()) ?? '';
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(signingSecret);

    await page.getByRole('button', { name: 'Replace the value of RECEIVER_TOKEN' }).click();
    await page.getByLabel('New value of RECEIVER_TOKEN').fill('second-token-77');
    await page.getByRole('button', { name: 'Save value' }).click();
    await expect.poll(() => page.getByLabel('New value of RECEIVER_TOKEN').count()).toBe(0);

    const before = receiver.requests.length;
    await harness.collect({ type: 'nps', score: 9, comment: 'A promoter: filtered out' });
    await harness.collect({ type: 'nps', score: 4, comment: 'A detractor: delivered' });
    await expect.poll(() => receiver.requests.length, LOG_REFRESH).toBe(before + 1);
    const delivered = receiver.requests.at(-1) as Received;
    expect(JSON.parse(delivered.body)).toEqual({ text: 'New nps: A detractor: delivered', score: 4 });
    expect(delivered.headers.authorization).toBe('Bearer second-token-77');
    expect(() => verifyWebhook(delivered.body, delivered.headers, rotated)).not.toThrow();
    expect(() => verifyWebhook(delivered.body, delivered.headers, signingSecret)).toThrow();
    signingSecret = rotated;
  });

  it('looks right in dark mode', async () => {
    const dark = await harness.newPage({ colorScheme: 'dark', height: 1000 });
    await harness.signIn(dark, ADA);
    const base = `${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/automations`;
    await dark.goto(base);
    await expect.poll(() => dark.getByText('Succeeded').first().isVisible()).toBe(true);
    await expectCleanScreen(harness, dark, 'automations-list-dark');
    await expectCleanScreen(harness, page, 'automations-list-light');
    await dark.getByRole('link', { name: 'Detractors to the receiver', exact: true }).click();
    await expect.poll(() => dark.getByRole('figure', { name: 'Rendered request' }).isVisible(), PREVIEW).toBe(true);
    await expectCleanScreen(harness, dark, 'automations-automation-dark');
    await dark.goto(`${base}/new`);
    await dark.getByLabel('URL', { exact: true }).fill(receiver.url);
    await expect.poll(() => dark.getByRole('figure', { name: 'Rendered request' }).isVisible(), PREVIEW).toBe(true);
    await expectCleanScreen(harness, dark, 'automations-editor-dark');
    await dark.goto(`${base}/${automation.id}/deliveries`);
    const log = dark.getByRole('list', { name: 'Deliveries' });
    await expect.poll(() => log.getByText('Succeeded').first().isVisible()).toBe(true);
    await log
      .getByText(/^Attempts of feedback\.created/)
      .first()
      .click();
    await expectCleanScreen(harness, dark, 'automations-deliveries-dark');
  });

  it('shows a viewer the automations and their log, and nothing they may not do', async () => {
    const viewer = await harness.join(page, GRACE, 'viewer');

    await viewer.getByRole('link', { name: 'Automations', exact: true }).click();
    await viewer.getByRole('link', { name: 'Detractors to the receiver', exact: true }).click();
    await expect.poll(() => viewer.getByRole('heading', { name: 'Detractors to the receiver' }).isVisible()).toBe(true);
    expect(await viewer.getByLabel('URL', { exact: true }).isDisabled()).toBe(true);
    for (const hidden of ['Save changes', 'Disable', 'Delete', 'Send test', 'Rotate signing secret', 'Add secret'])
      expect(await viewer.getByRole('button', { name: hidden, exact: true }).count(), hidden).toBe(0);
    expect(await viewer.getByRole('heading', { name: 'Secrets' }).count()).toBe(0);
    await expectCleanScreen(harness, viewer, 'automations-automation-viewer-light');

    await viewer.getByRole('link', { name: 'Delivery log' }).click();
    const log = viewer.getByRole('list', { name: 'Deliveries' });
    await expect.poll(() => log.getByText('Succeeded').first().isVisible()).toBe(true);
    expect(await viewer.getByRole('button', { name: /^Redeliver/ }).count()).toBe(0);
    expect(await viewer.getByRole('link', { name: 'New automation' }).count()).toBe(0);
  });

  it('disables, enables and deletes an automation (after confirming)', async () => {
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/automations/${automation.id}`);
    await page.getByRole('button', { name: 'Disable', exact: true }).click();
    await expect
      .poll(async () => (await harness.api<AutomationRow>(`/automations/${automation.id}`)).enabled)
      .toBe(false);
    await page.getByRole('button', { name: 'Enable', exact: true }).click();
    await expect
      .poll(async () => (await harness.api<AutomationRow>(`/automations/${automation.id}`)).enabled)
      .toBe(true);

    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete “Detractors to the receiver”?' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    await expectCleanScreen(harness, page, 'automations-delete-light');
    await dialog.getByRole('button', { name: 'Delete automation' }).click();
    await page.waitForURL(/\/automations$/);
    await expect.poll(() => page.getByText('No automations yet.').isVisible()).toBe(true);
    expect((await harness.api<{ data: AutomationRow[] }>('/automations')).data).toEqual([]);
  });

  it('says once why a test and every delivery fail when the address policy refuses the URL', async () => {
    // 10.0.0.1 is private, outside what this server allows (127.0.0.0/8): refused before any connection.
    const refused = await harness.api<AutomationRow>('/automations', {
      method: 'POST',
      body: JSON.stringify({
        name: 'To a private address',
        events: ['feedback.created'],
        webhook: { url: 'http://10.0.0.1/hooks/hearback' },
      }),
    });
    await harness.collect({ type: 'thumbs', score: 0, comment: 'Refused on the way out' });
    await expect
      .poll(
        async () => (await harness.api<{ failingSince: string | null }>(`/automations/${refused.id}`)).failingSince,
        LOG_REFRESH,
      )
      .not.toBeNull();

    for (const colorScheme of ['light', 'dark'] as const) {
      const viewer = colorScheme === 'light' ? page : await harness.newPage({ colorScheme, height: 1000 });
      if (viewer !== page) await harness.signIn(viewer, ADA);
      await viewer.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/automations/${refused.id}`);
      const banner = viewer.getByRole('status').filter({ hasText: 'Every delivery has failed since' });
      await expect.poll(() => banner.textContent()).toContain('The last attempt: Refused to connect to 10.0.0.1');
      expect(await banner.getByRole('link', { name: 'See the delivery log' }).isVisible()).toBe(true);
      // The banner keeps its distance from the panels below it.
      const bannerBox = await banner.boundingBox();
      const panelsBox = await viewer.locator('.automation-tools').boundingBox();
      expect((panelsBox?.y ?? 0) - ((bannerBox?.y ?? 0) + (bannerBox?.height ?? 0))).toBeGreaterThanOrEqual(12);

      await viewer.getByRole('button', { name: 'Send test' }).click();
      const result = viewer.locator('.test-result').getByRole('alert');
      await expect.poll(() => result.textContent()).toContain('The address is not allowed in');
      const said = (await result.textContent()) ?? '';
      expect(said.split('HEARBACK_WEBHOOK_ALLOWED_CIDRS')).toHaveLength(2);
      expect(said).toMatch(/[^.]\.$/);
      // Clean for axe too: the preview's long default body scrolls, and a keyboard reaches it.
      await expectCleanScreen(harness, viewer, `automations-refused-${colorScheme}`);
    }
  });
});
