// The import makes this file a module, so the block below augments vitest's
// ProvidedContext instead of replacing the whole 'vitest' module declaration.
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /**
     * Admin URLs of the throwaway PostgreSQL servers, one per worker (see `postgresAdminUrl` in
     * harness.ts), or [] when PostgreSQL is unavailable.
     */
    postgresUrls: string[];
    /** A migrated SQLite file to copy (test/support/template-databases.ts). */
    sqliteTemplate: string;
  }
}
