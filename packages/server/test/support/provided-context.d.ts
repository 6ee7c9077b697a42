// The import makes this file a module, so the block below augments vitest's
// ProvidedContext instead of replacing the whole 'vitest' module declaration.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Admin URL of the throwaway PostgreSQL server, or '' when PostgreSQL is unavailable. */
    postgresUrl: string;
  }
}
