import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestRuntime, postgresAdminUrl, requestApp } from '../../test/support/harness.js';
import type { Runtime } from '../runtime.js';

const OTHER_BACKENDS = 'from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()';

// Skipped only where the harness has no PostgreSQL (it says so loudly); CI always has one.
describe.skipIf(!postgresAdminUrl())('PostgreSQL connection pool', () => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime('postgres'));
  });
  afterAll(async () => {
    await cleanup();
  });

  it('keeps serving after the server terminates its idle connections (restart, failover)', async () => {
    const org = await runtime.services.organizations.bootstrap({ name: 'Pool Co' });
    const list = () => requestApp(runtime, `/organizations/${org.organization.id}/feedback`, { key: org.adminKey });
    // Requests at once leave several idle connections in the pool.
    const warm = await Promise.all(Array.from({ length: 5 }, list));
    expect(warm.map((response) => response.status)).toEqual([200, 200, 200, 200, 200]);

    const admin = new pg.Client({ connectionString: runtime.config.databaseUrl });
    await admin.connect();
    try {
      const terminated = await admin.query(`select pg_terminate_backend(pid) ${OTHER_BACKENDS}`);
      expect(terminated.rowCount).toBeGreaterThan(0);
      // Until the backends are gone, their goodbye has not necessarily reached the pool.
      let remaining = Number.POSITIVE_INFINITY;
      while (remaining > 0) {
        remaining = (await admin.query<{ n: number }>(`select count(*)::int as n ${OTHER_BACKENDS}`)).rows[0]?.n ?? 0;
      }
    } finally {
      await admin.end();
    }

    // Unheard, the pool's 'error' for those idle connections was an uncaught exception.
    const response = await list();
    expect(response.status).toBe(200);
  });
});
