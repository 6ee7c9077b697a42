import { defineConfig } from 'vitest/config';
import { slowMachineExpect, sourceResolution } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolution,
  test: {
    expect: slowMachineExpect,
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files spend most of their time waiting (commit windows, fsync, child processes), so even on
    // two cores three overlap well (measured: 3 beat 2); each has databases of its own, and each
    // worker its own PostgreSQL server (test/support/global-setup.ts). `--maxWorkers=1` runs one
    // file at a time.
    maxWorkers: 3,
    // Files of a worker share loaded modules: importing the app (Hono, zod, the MCP SDK) took about
    // a second per file, a third of the suite's CPU time. Tests keep no state in modules; each
    // opens its own runtime.
    isolate: false,
  },
});
