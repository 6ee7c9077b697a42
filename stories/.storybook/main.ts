import type { StorybookConfig } from '@storybook/preact-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/preact-vite', options: {} },
  // No network from CI: no telemetry, no update checks.
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // One iframe bundle with React, preact and every story: large by nature, not a problem here.
  viteFinal: (vite) => ({ ...vite, build: { ...vite.build, chunkSizeWarningLimit: 2000 } }),
};

export default config;
