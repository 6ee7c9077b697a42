import { defineConfig } from 'vitest/config';
import { sourceResolution } from '../../vitest.shared.js';

export default defineConfig({
  ...sourceResolution,
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
