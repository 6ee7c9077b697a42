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
    // Two cores: files in parallel would only fight over fsync and the PostgreSQL server.
    fileParallelism: false,
  },
});
