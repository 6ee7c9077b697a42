import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

/** Debian's Chromium (`apt-get install chromium`). */
const DEBIAN_CHROMIUM = '/usr/bin/chromium';
/**
 * Debian's headless shell (`apt-get install chromium-headless-shell`): the same Blink and V8 without
 * the browser around them, which is what Playwright itself runs headless. The browser suites take
 * about a third less CPU in it, with the same screenshots.
 */
const DEBIAN_HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';

/**
 * The Chromium tests launch: `CHROMIUM_PATH` when set, else the headless shell when installed,
 * else Debian's Chromium. Nothing is downloaded.
 */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH ?? (existsSync(DEBIAN_HEADLESS_SHELL) ? DEBIAN_HEADLESS_SHELL : DEBIAN_CHROMIUM);

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const INSTALL_HINT = 'apt-get install -y chromium-headless-shell (or chromium, or set CHROMIUM_PATH)';

/** Whether the system Chromium exists at {@link CHROMIUM_PATH}. */
export function chromiumAvailable(): boolean {
  return existsSync(CHROMIUM_PATH);
}

/**
 * The PostgreSQL policy, for Chromium: returns true when Chromium is there. When it is missing,
 * throws in CI (`CI=true`) and otherwise warns loudly on stderr and returns false, so the caller
 * skips its browser tests: silently skipped browser tests look exactly like passing ones.
 *
 * @example
 * const available = requireChromiumOrSkip('widget');
 * describe.skipIf(!available)('in the browser', () => {});
 */
export function requireChromiumOrSkip(suite: string): boolean {
  if (chromiumAvailable()) return true;
  if (process.env.CI === 'true') {
    throw new Error(`Chromium is required in CI but was not found at ${CHROMIUM_PATH}: ${INSTALL_HINT}.`);
  }
  process.stderr.write(
    `${[
      '',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      `!! CHROMIUM NOT FOUND: ${suite} browser tests are SKIPPED.`,
      `!! Looked for ${CHROMIUM_PATH} (set CHROMIUM_PATH to use another binary).`,
      '!! Install Chromium (Debian: apt-get install -y chromium-headless-shell, or chromium) to run them.',
      '!! In CI (CI=true) a missing Chromium is an error, not a skip.',
      '!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!',
      '',
    ].join('\n')}\n`,
  );
  return false;
}

/**
 * Launches the system Chromium through playwright-core. Throws with the install hint when it is
 * missing; callers that may skip check {@link requireChromiumOrSkip} first.
 *
 * @example
 * const browser = await launchChromium();
 * const page = await browser.newPage();
 */
export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM_PATH)) {
    throw new Error(`Chromium not found at ${CHROMIUM_PATH}: ${INSTALL_HINT}.`);
  }
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
}
