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
