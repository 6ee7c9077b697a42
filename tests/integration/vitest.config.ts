import { defineConfig } from 'vitest/config';
import { slowMachineExpect, sourceResolution } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolution,
  test: {
    globalSetup: ['./support/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Every `expect.poll` waits for something a browser or a server reaches in its own time.
    expect: slowMachineExpect,
    projects: [
      {
        extends: true,
        test: {
          name: 'packages',
          include: ['client/**/*.test.ts', 'mcp/**/*.test.ts', 'node/**/*.test.ts', 'workspace/**/*.test.ts'],
          // Vitest's default on two cores is one file at a time, and each isolated file first spends 2-4 s
          // on one core importing the server's source: two at once kept both busy. Measured on two cores,
          // alternately: 24-31 s wall against 37-46 s, for the same CPU time (about 24 s).
          maxWorkers: 2,
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
          // Two files at once: a browser suite mostly waits on round trips between Node and Chromium,
          // so two keep two cores busy. Measured on two cores: the browser project took 25-30 % less
          // wall time than one file at a time, for the same CPU time.
          maxWorkers: 2,
          // A worker imports the server's source once for all its files instead of once per file
          // (about 4 s each). Every file still starts its own server and browser and closes them in
          // `afterAll`. The packages project stays isolated: msw in node/retries.test.ts fails after
          // other files ran in its worker.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
