import { defineConfig } from 'vitest/config';
import { slowMachineExpect, sourceResolution } from '../../vitest.shared.js';

// React 19 here; examples/react-vite builds the same components against React 18 and 19 and
// submits through them in Chromium.
export default defineConfig({
  ...sourceResolution,
  oxc: { jsx: { runtime: 'automatic', importSource: 'react' } },
  test: {
    expect: slowMachineExpect,
    include: ['src/**/*.test.{ts,tsx}'],
  },
});
