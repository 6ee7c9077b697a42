/**
 * How long a screen may take to show what is awaited: two cores shared with other suites are slow
 * at times. It is `expect.poll`'s default here (vitest.config.ts); vitest's own gives up after one
 * second, which a page's first query on a loaded machine can take.
 */
export const SLOW_MACHINE_MS = 15_000;
