import { getSchema } from 'better-auth/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialectsUnderTest, openTestRuntime } from '../../test/support/harness.js';
import type { Runtime } from '../runtime.js';
import { authOptions } from './auth-instance.js';

/** The options the runtime gives better-auth; only their schema matters here. */
const options = authOptions({
  db: undefined as never,
  dialect: 'sqlite',
  secret: 'x'.repeat(32),
  signup: 'invite',
  mailer: { sendsMail: false, send: async () => {} },
  users: { count: async () => 0, invited: async () => false },
});

describe.each(dialectsUnderTest())('better-auth tables [%s]', (dialect) => {
  let runtime: Runtime;
  let cleanup: () => Promise<void>;
  beforeAll(async () => {
    ({ runtime, cleanup } = await openTestRuntime(dialect));
  });
  afterAll(async () => cleanup?.());

  it('has every column better-auth reads and writes, under our names, from the migration history', async () => {
    const tables = await runtime.database.db.introspection.getTables();
    const columnsOf = (table: string) => tables.find((candidate) => candidate.name === table)?.columns ?? [];
    const schema = getSchema(options);
    expect(Object.keys(schema).sort()).toEqual(
      ['rate_limits', 'sessions', 'users', 'verifications', 'accounts'].sort(),
    );
    for (const [table, { fields }] of Object.entries(schema)) {
      const columns = columnsOf(table);
      for (const field of Object.values(fields)) {
        const column = columns.find((candidate) => candidate.name === field.fieldName);
        expect(column, `${table}.${field.fieldName}`).toBeDefined();
        expect(column?.isNullable, `${table}.${field.fieldName} nullable`).toBe(field.required === false);
      }
      // And nothing required that better-auth would never write.
      const known = new Set(['id', ...Object.values(fields).map((field) => field.fieldName)]);
      const unknownRequired = columns.filter((column) => !known.has(column.name) && !column.isNullable);
      expect(
        unknownRequired.map((column) => column.name),
        table,
      ).toEqual([]);
    }
  });
});
