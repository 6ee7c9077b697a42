import { requireChromiumOrSkip } from '@hearback/test-utils';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DashboardHarness, type Person, startDashboardHarness } from './harness.js';

const available = requireChromiumOrSkip('dashboard');

const GRACE: Person = { name: 'Grace Hopper', email: 'grace@example.com', password: 'compiler-a0-1952' };

/** Scores at the ends of their scales: NPS −100 (detractors only), CSAT 100 %, stars averaging 5. */
const SEED = [
  { type: 'nps', score: 2, comment: 'Would not recommend' },
  { type: 'nps', score: 0, comment: 'Never again' },
  { type: 'csat', score: 5, comment: 'Support was great' },
  { type: 'stars', score: 5, comment: 'Perfect' },
  { type: 'stars', score: 5, comment: 'Flawless' },
] as const;

/** The range of a chart's value axis, as drawn: [lowest, highest]. */
async function valueRange(page: Page, title: string): Promise<[number, number]> {
  const chart = page.locator(`[data-chart="${title}"]`);
  await expect.poll(() => chart.getAttribute('data-value-range')).toMatch(/^-?[\d.]+ to -?[\d.]+$/);
  const [min, max] = ((await chart.getAttribute('data-value-range')) ?? '').split(' to ').map(Number);
  return [min as number, max as number];
}

describe.skipIf(!available)("the Insights charts' value axes", () => {
  let harness: DashboardHarness;
  let page: Page;

  beforeAll(async () => {
    harness = await startDashboardHarness();
    for (const item of SEED) await harness.collect(item);
    page = await harness.newPage({ colorScheme: 'dark' });
    await harness.signUp(page, GRACE);
  });
  afterAll(async () => {
    await harness?.close();
  });

  it('stay within the range of what they chart: NPS −100 to 100, CSAT 0 to 100 %', async () => {
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/insights`);
    // A flat NPS of −100 reached down to −200 before; the axis stops at the score's lowest.
    const [npsMin, npsMax] = await valueRange(page, 'NPS');
    expect(npsMin).toBe(-100);
    expect(npsMax).toBeLessThanOrEqual(100);
    expect(npsMax).toBeGreaterThan(-100);
    const [csatMin, csatMax] = await valueRange(page, 'CSAT');
    expect(csatMax).toBe(100);
    expect(csatMin).toBeGreaterThanOrEqual(0);
    const [volumeMin] = await valueRange(page, 'Volume');
    expect(volumeMin).toBe(0);
    await harness.screenshot(page, 'insights-axes-dark');
  });

  it("keeps the average score within its type's scale (stars 1 to 5)", async () => {
    await page.goto(`${harness.hearback.url}/app/orgs/${harness.hearback.orgId}/insights?type=stars`);
    const [min, max] = await valueRange(page, 'Average score');
    expect(max).toBe(5);
    expect(min).toBeGreaterThanOrEqual(1);
    expect(min).toBeLessThan(5);
    await harness.screenshot(page, 'insights-axes-stars-dark');
  });
});
