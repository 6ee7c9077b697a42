import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import { dialectsUnderTest, type SharedDatabase, sharedTestDatabase } from './support/harness.js';

/**
 * `hearback serve` makes an organization on the first start of an empty database. Several
 * processes started at once on one PostgreSQL database (as a deployment brings them up) must make
 * one, not one each, and none may fail its start for it. (Two runtimes of one process cannot show
 * it on SQLite: a second connection's wait for the write lock blocks the thread the first one's
 * transaction needs; there a write transaction holds the whole database anyway.)
 */
for (const dialect of dialectsUnderTest().filter((name) => name === 'postgres')) {
  describe(`the first start's organization, two processes at once [${dialect}]`, () => {
    let database: SharedDatabase;
    let first: Runtime;
    let second: Runtime;

    beforeAll(async () => {
      database = await sharedTestDatabase(dialect);
      first = await database.open();
      second = await database.open();
    }, 60_000);
    afterAll(async () => {
      await database?.cleanup();
    });

    it('makes one organization, printed by one of them; a later start makes none', async () => {
      const made = await Promise.all(
        [first, second, first, second].map((runtime) =>
          runtime.services.organizations.bootstrapIfEmpty({ name: 'My organization' }),
        ),
      );
      const created = made.filter((organization) => organization !== undefined);
      expect(created).toHaveLength(1);
      const organizations = await second.services.organizations.list();
      expect(organizations.map((organization) => organization.id)).toEqual([created[0]?.organization.id]);
      expect(await first.services.organizations.bootstrapIfEmpty({ name: 'My organization' })).toBeUndefined();
    });
  });
}
