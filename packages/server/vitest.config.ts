import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    // In the workspace @hearback/mcp runs from dist for Node (the CLI tests spawn dist/cli.js);
    // tests use its source, so they never run against a stale build.
    alias: [{ find: /^@hearback\/mcp$/, replacement: fileURLToPath(new URL('../mcp/src/index.ts', import.meta.url)) }],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['./test/support/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files spend most of their time waiting (commit windows, fsync, child processes), so even on
    // two cores they overlap well; each has databases of its own (test/support/harness.ts).
    maxWorkers: Number(process.env.HB_WORKERS ?? 3),
  },
});
