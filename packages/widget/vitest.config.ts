import { defineConfig } from 'vitest/config';
import { slowMachineExpect, sourceResolution } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolution,
  oxc: { jsx: { runtime: 'automatic', importSource: 'preact' } },
  test: {
    expect: slowMachineExpect,
    include: ['src/**/*.test.{ts,tsx}', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    // The browser suites (a real server and Chromium) are in tests/integration.
  },
});
