import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialectsUnderTest, openTestRuntime } from '../../../test/support/harness.js';
import type { Runtime } from '../../runtime.js';
import { comparePositions, START_OF_LOG } from './outbox.js';

describe('comparePositions', () => {
  it('orders by transaction id as a number, then by seq', () => {
    expect(comparePositions({ tx: '9', seq: 5 }, { tx: '10', seq: 1 })).toBeLessThan(0);
    expect(comparePositions({ tx: '10', seq: 2 }, { tx: '10', seq: 1 })).toBeGreaterThan(0);
    expect(comparePositions({ tx: '18446744073709551615', seq: 1 }, { tx: '18446744073709551614', seq: 9 })).toBe(1);
    expect(comparePositions(START_OF_LOG, START_OF_LOG)).toBe(0);
  });
});

if (dialectsUnderTest().includes('postgres')) {
  describe('outbox log [postgres]', () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ runtime, cleanup } = await openTestRuntime('postgres'));
    });
    afterEach(() => cleanup());

    it('reads in transaction-id order as numbers (9 before 10), whatever their text order', async () => {
      const now = new Date().toISOString();
      // Written as by transactions 10 and 9: seq order and text order both disagree with commit order.
      for (const [id, tx] of [
        ['evt_a', '10'],
        ['evt_b', '9'],
        ['evt_c', '10'],
      ]) {
        await sql`insert into outbox (id, org_id, type, payload, created_at, tx)
          values (${id}, 'org_1', 'test.ping', '{}', ${now}, ${tx}::xid8)`.execute(runtime.database.db);
      }
      const firstTwo = await runtime.store.outbox.readAfter(START_OF_LOG, 2);
      expect(firstTwo.map((event) => [event.id, event.position.tx])).toEqual([
        ['evt_b', '9'],
        ['evt_a', '10'],
      ]);
      const rest = await runtime.store.outbox.readAfter(firstTwo[1]?.position ?? START_OF_LOG, 10);
      expect(rest.map((event) => event.id)).toEqual(['evt_c']);
    });
  });
}

for (const dialect of dialectsUnderTest()) {
  describe(`outbox latestPosition and readAfter by organization [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    beforeEach(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect));
    });
    afterEach(() => cleanup());

    const event = (id: string, orgId: string) => ({
      id,
      orgId,
      type: 'test.ping',
      data: {},
      createdAt: new Date().toISOString(),
    });

    it('is the start of an empty log, then the position of the newest event', async () => {
      const { outbox } = runtime.store;
      await runtime.database.db.deleteFrom('outbox').execute();
      expect(await outbox.latestPosition()).toEqual(START_OF_LOG);
      await outbox.append([event('evt_1', 'org_1'), event('evt_2', 'org_2')]);
      const all = await outbox.readAfter(START_OF_LOG, 10);
      expect(all.map((logged) => logged.id)).toEqual(['evt_1', 'evt_2']);
      expect(await outbox.latestPosition()).toEqual(all[1]?.position);
      expect(await outbox.readAfter(await outbox.latestPosition(), 10)).toEqual([]);
    });

    it("reads one organization's events only, when asked", async () => {
      const { outbox } = runtime.store;
      const from = await outbox.latestPosition();
      await outbox.append([event('evt_a', 'org_1'), event('evt_b', 'org_2'), event('evt_c', 'org_1')]);
      expect((await outbox.readAfter(from, 10, { orgId: 'org_1' })).map((logged) => logged.id)).toEqual([
        'evt_a',
        'evt_c',
      ]);
    });

    it('reads the payloads of the types asked for only', async () => {
      const { outbox } = runtime.store;
      const from = await outbox.latestPosition();
      await outbox.append([
        { ...event('evt_x', 'org_1'), type: 'kept', data: { n: 1 } },
        { ...event('evt_y', 'org_1'), type: 'skipped', data: { n: 2 } },
      ]);
      const dataOf = async (payloadsOf?: string[]) =>
        (await outbox.readAfter(from, 10, { payloadsOf })).map((logged) => [logged.id, logged.data]);
      expect(await dataOf()).toEqual([
        ['evt_x', { n: 1 }],
        ['evt_y', { n: 2 }],
      ]);
      expect(await dataOf(['kept'])).toEqual([
        ['evt_x', { n: 1 }],
        ['evt_y', undefined],
      ]);
      expect(await dataOf([])).toEqual([
        ['evt_x', undefined],
        ['evt_y', undefined],
      ]);
    });
  });
}
