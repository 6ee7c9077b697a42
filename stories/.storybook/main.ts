import type { StorybookConfig } from '@storybook/preact-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/preact-vite', options: {} },
  // No network from CI: no telemetry, no update checks.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  viteFinal: (vite) => ({
    ...vite,
    build: {
      ...vite.build,
      // One iframe bundle with React, preact and every story: large by nature, not a problem here.
      chunkSizeWarningLimit: 2000,
      // Vite 8 bundles with rolldown (and Storybook sets its options under this key).
      rolldownOptions: {
        ...vite.build?.rolldownOptions,
        // @hearback/react starts with 'use client' for React Server Components; a client-only
        // bundle has nothing to do with it (what @vitejs/plugin-react silences for React apps).
        onwarn(warning, warn) {
          if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && warning.message.includes('use client')) return;
          warn(warning);
        },
      },
    },
  }),
};

export default config;
