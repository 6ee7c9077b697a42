// One budget for the whole workspace's waits (vitest.shared.ts); the browser suites import it from here.
export { SLOW_MACHINE_MS } from '../../../vitest.shared.js';
