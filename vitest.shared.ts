/**
 * What every workspace package's vitest config shares. Workspace packages export their TypeScript
 * source under the `@hearback/source` condition (and dist by default, for Node and bundlers):
 * tests resolve it, so they never run against a stale build and need none.
 */
export const SOURCE_CONDITION = '@hearback/source';

/** Vite's default conditions (`defaultClientConditions` / `defaultServerConditions`) after ours. */
export const sourceResolution = {
  resolve: { conditions: [SOURCE_CONDITION, 'module', 'browser', 'development|production'] },
  ssr: { resolve: { conditions: [SOURCE_CONDITION, 'module', 'node', 'development|production'] } },
};

/**
 * How long a test waits for something reached in its own time (a screen, a server, a process):
 * two cores shared with other suites are slow at times. It is `expect.poll`'s default in every
 * config; vitest's own (one second) is what a loaded machine's first query can take.
 */
export const SLOW_MACHINE_MS = 15_000;

/** The `test.expect` every config shares (see SLOW_MACHINE_MS). */
export const slowMachineExpect = { poll: { timeout: SLOW_MACHINE_MS } };
