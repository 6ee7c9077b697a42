import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

// label-content-name-mismatch (WCAG 2.5.3) is experimental in axe-core, so off unless asked for.
const OPTIONS: RunOptions = {
  rules: { 'label-content-name-mismatch': { enabled: true } },
  resultTypes: ['violations'],
};

/**
 * axe-core's violations in the widgets on `page` (their shadow roots included), one line each:
 * `rule: targets (help)`. axe's own source is injected into the page first.
 *
 * @example
 * expect(await widgetViolations(page)).toEqual([]);
 */
export async function widgetViolations(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(async (options) => {
    const { axe } = window as unknown as { axe: { run(context: unknown, options: unknown): Promise<AxeResults> } };
    const results = await axe.run({ include: [['hearback-widget']] }, options);
    return results.violations.map(
      (violation) =>
        `${violation.id}: ${violation.nodes.map((node) => JSON.stringify(node.target)).join(', ')} (${violation.help})`,
    );
  }, OPTIONS);
}
