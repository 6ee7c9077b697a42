import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const source = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  resolve: {
    // The real server from source, and this package from source inside it: no build needed, and
    // never a stale one (in the workspace, both packages' `default` exports point at dist for Node).
    alias: [
      { find: /^@hearback\/server$/, replacement: source('../server/src/index.ts') },
      { find: /^@hearback\/mcp$/, replacement: source('./src/index.ts') },
    ],
  },
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
