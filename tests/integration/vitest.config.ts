import { defineConfig } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolution,
  test: {
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // A worker imports the server's source once for all its files instead of once per file (about
    // 4 s each). Every file still starts its own server (and browser) and closes it in `afterAll`.
    isolate: false,
    projects: [
      {
        extends: true,
        test: {
          name: 'packages',
          include: ['client/**/*.test.ts', 'mcp/**/*.test.ts', 'node/**/*.test.ts', 'workspace/**/*.test.ts'],
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: 'browser',
          include: [
            'widget/**/*.test.ts',
            'docs/**/*.test.ts',
            'feedback-pages/**/*.test.ts',
            'dashboard/**/*.test.ts',
          ],
          // Two cores: the browser suites each run a server and Chromium; in parallel they only fight.
          fileParallelism: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
