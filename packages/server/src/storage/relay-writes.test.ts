import { sql } from 'kysely';
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { deferred } from '../../test/support/async.js';
import { freshRuntimeEachTest, postgresAdminUrl } from '../../test/support/harness.js';
import { newId } from '../lib/ids.js';
import type { Runtime } from '../runtime.js';
import type { Executor } from './repositories/executor.js';
import { createStore } from './store.js';

const NORMAL = 1;
const FULL = 2;

/**
 * On SQLite the outbox relay's own writes (leases, completions, failures) commit without an fsync
 * (DialectAdapter.unsynced): everything else must keep synchronous = FULL.
 */
describe('SQLite relay writes without fsync', () => {
  let runtime: Runtime;
  freshRuntimeEachTest('sqlite', {}, (opened) => {
    runtime = opened;
  });

  const unsynced = <T>(work: (db: Executor) => Promise<T>) =>
    runtime.database.dialect.unsynced(runtime.database.db, work);

  const synchronous = async (db = runtime.database.db) => {
    const { rows } = await db.executeQuery<{ synchronous: number }>({
      sql: 'pragma synchronous',
      parameters: [],
      query: { kind: 'RawNode', sqlFragments: ['pragma synchronous'], parameters: [] },
      queryId: { queryId: 'synchronous' },
    } as never);
    return rows[0]?.synchronous;
  };

  it('runs its work with synchronous = NORMAL and restores FULL afterwards, also when the work fails', async () => {
    expect(await synchronous()).toBe(FULL);
    expect(await unsynced((db) => synchronous(db))).toBe(NORMAL);
    expect(await synchronous()).toBe(FULL);
    await expect(
      unsynced(async () => {
        throw new Error('relay write failed');
      }),
    ).rejects.toThrow('relay write failed');
    expect(await synchronous()).toBe(FULL);
  });

  it('holds the connection: a transaction queued meanwhile commits with FULL, after the unsynced work', async () => {
    const release = deferred();
    const order: string[] = [];
    const relay = unsynced(async (db) => {
      await release.promise;
      order.push(`relay ${await synchronous(db)}`);
    });
    const transaction = runtime.database.db.transaction().execute(async (trx) => {
      order.push(`transaction ${await synchronous(trx)}`);
    });
    // Give the transaction every chance to run first if the connection were not held.
    await new Promise((resolve) => setTimeout(resolve, 20));
    release.resolve();
    await Promise.all([relay, transaction]);
    expect(order).toEqual([`relay ${NORMAL}`, `transaction ${FULL}`]);
  });

  it('inside a transaction is part of it: no wait for the connection the transaction holds, and FULL', async () => {
    const { dialect } = runtime.database;
    const seen = await runtime.database.db
      .transaction()
      .execute((trx) =>
        dialect.unsynced(trx, async (db) => ({ same: db === trx, synchronous: await synchronous(db) })),
      );
    expect(seen).toEqual({ same: true, synchronous: FULL });
  });

  it('is what the store uses for the relay (lease, position, retries), and nothing else', async () => {
    const { dialect } = runtime.database;
    const spy = vi.fn(dialect.unsynced);
    const store = createStore({
      ...runtime.database,
      dialect: { ...dialect, unsynced: spy as typeof dialect.unsynced },
    });
    const org = await runtime.services.organizations.bootstrap({ name: 'Relay' });
    const now = new Date().toISOString();
    await store.outbox.append(
      [1, 2].map((n) => ({
        id: newId('event'),
        orgId: org.organization.id,
        type: 'test.ping',
        data: { n },
        createdAt: now,
      })),
    );
    expect((await store.outbox.readAfter(await store.outbox.positionOf('relay'), 10)).length).toBeGreaterThanOrEqual(2);
    expect(spy).not.toHaveBeenCalled();

    const later = new Date(Date.now() + 60_000).toISOString();
    const lease = await store.outbox.leaseStream('relay', now, later, 'token');
    if (!lease) throw new Error('a new consumer gets its lease');
    const writes = spy.mock.calls.length;
    expect(writes).toBeGreaterThan(0);
    const events = await store.outbox.readAfter(lease.position, 10);
    expect(spy).toHaveBeenCalledTimes(writes);
    await store.outbox.scheduleRetry('relay', events[0]?.seq as number, 1, 'boom', later);
    expect(await store.outbox.advance('relay', 'token', events.at(-1)?.position ?? lease.position, now)).toBe(true);
    expect(spy).toHaveBeenCalledTimes(writes + 2);
    expect(await store.outbox.claimRetries('relay', later, later, 10)).toHaveLength(1);
    await store.outbox.completeRetries('relay', [events[0]?.seq as number]);
    expect(spy).toHaveBeenCalledTimes(writes + 4);
    expect(await store.outbox.pendingCount('relay')).toBe(0);
    expect(await synchronous()).toBe(FULL);
  });
});

/**
 * On PostgreSQL the same writes commit on connections of their own, with `synchronous_commit =
 * off`: they do not wait for a WAL flush, so under `/collect` load a batch's commit does not queue
 * behind theirs; every other commit, on the connections of the main pool, still waits for its flush.
 */
describe.skipIf(!postgresAdminUrl())('PostgreSQL relay writes without a flush of their own', () => {
  let runtime: Runtime;
  freshRuntimeEachTest('postgres', {}, (opened) => {
    runtime = opened;
  });

  const synchronousCommit = async (db: Executor) =>
    (await sql<{ setting: string }>`select current_setting('synchronous_commit') as setting`.execute(db)).rows[0]
      ?.setting;
  const eventsCounted = async (orgId: string) => {
    // Read by a client of its own: what is committed, for everyone.
    const other = new pg.Client({ connectionString: runtime.config.databaseUrl });
    await other.connect();
    try {
      const { rows } = await other.query('select events from usage where org_id = $1', [orgId]);
      return rows.map(({ events }) => Number(events));
    } finally {
      await other.end();
    }
  };

  it('commits its work without waiting for the flush, on a connection apart from the pool', async () => {
    const { dialect, db } = runtime.database;
    const org = await runtime.services.organizations.bootstrap({ name: 'Unsynced' });
    const orgId = org.organization.id;
    const seen = await db.connection().execute(async (connection) => {
      // As in production: the test server commits without flushing (test/support/postgres-server.ts).
      await sql`set synchronous_commit = on`.execute(connection);
      const inside = await dialect.unsynced(connection, async (executor) => {
        await sql`insert into usage (org_id, period, events, searches) values (${orgId}, '2026-11', 7, 0)`.execute(
          executor,
        );
        return synchronousCommit(executor);
      });
      const after = await synchronousCommit(connection);
      await sql`reset synchronous_commit`.execute(connection);
      return { inside, after };
    });
    expect(seen).toEqual({ inside: 'off', after: 'on' });
    expect(await eventsCounted(orgId)).toEqual([7]);
  });

  it('is all or nothing: a failed transaction of unsynced work stores none of it', async () => {
    const { dialect, db } = runtime.database;
    const org = await runtime.services.organizations.bootstrap({ name: 'Unsynced' });
    const orgId = org.organization.id;
    const failed = dialect.unsynced(db, (executor) =>
      executor.transaction().execute(async (trx) => {
        await sql`insert into usage (org_id, period, events, searches) values (${orgId}, '2026-11', 7, 0)`.execute(trx);
        throw new Error('relay write failed');
      }),
    );
    await expect(failed).rejects.toThrow('relay write failed');
    expect(await eventsCounted(orgId)).toEqual([]);
  });

  it("inside a transaction is part of it: the caller's executor, and the caller's commit waits for its flush", async () => {
    const { dialect, db } = runtime.database;
    const seen = await db.transaction().execute(async (trx) => {
      await sql`set local synchronous_commit = on`.execute(trx);
      return dialect.unsynced(trx, async (executor) => ({
        same: executor === trx,
        setting: await synchronousCommit(executor),
      }));
    });
    expect(seen).toEqual({ same: true, setting: 'on' });
  });
});
