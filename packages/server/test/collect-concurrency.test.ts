import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.js';
import { usagePeriod } from '../src/lib/time.js';
import { createRuntime, type Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { PLANS } from '../src/services/plans.js';
import { type Deferred, deferred, within } from './support/async.js';
import { dialectsUnderTest, openTestRuntime, requestApp } from './support/harness.js';

const STARTER_CAP = PLANS.starter.eventsPerMonth as number;
const ROOM = 10;
const REQUESTS = 50;

/** Resolves once some session of this PostgreSQL database waits for a lock in a statement on `usage`. */
async function waitForLockWait(runtime: Runtime): Promise<void> {
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*)::int as waiting from pg_stat_activity
      where datname = current_database() and wait_event_type = 'Lock' and query ilike '%"usage"%'`.execute(
      runtime.database.db,
    );
    if ((rows[0]?.waiting ?? 0) > 0) return;
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Fires `count` concurrent `/collect` calls, spread round-robin over `runtimes` (several
 * "processes" on one database), and reports every answer.
 */
async function collectConcurrently(runtimes: Runtime[], org: BootstrappedOrganization, count = REQUESTS) {
  const responses = await Promise.all(
    Array.from({ length: count }, (_, index) =>
      requestApp(runtimes[index % runtimes.length] as Runtime, '/collect', {
        method: 'POST',
        key: org.collectKey,
        json: { inboxKey: org.inbox.inboxKey, type: 'nps', score: index % 11, comment: `request ${index}` },
      }),
    ),
  );
  return Promise.all(
    responses.map(async (response) => ({
      status: response.status,
      body: (await response.json()) as { id?: string; code?: string; limit?: number; plan?: string },
    })),
  );
}

async function expectExactlyTheCap(runtime: Runtime, org: BootstrappedOrganization, runtimes: Runtime[]) {
  const answers = await collectConcurrently(runtimes, org);

  const accepted = answers.filter((answer) => answer.status === 201);
  const refused = answers.filter((answer) => answer.status === 429);
  expect({ accepted: accepted.length, refused: refused.length }).toEqual({
    accepted: ROOM,
    refused: REQUESTS - ROOM,
  });
  for (const { body } of refused) {
    expect(body).toMatchObject({ code: 'event_limit_reached', limit: STARTER_CAP, plan: 'starter' });
  }

  const orgId = org.organization.id;
  const rows = await runtime.database.db.selectFrom('feedback').select('id').where('org_id', '=', orgId).execute();
  expect(rows.map((row) => row.id).sort()).toEqual(accepted.map((answer) => answer.body.id).sort());
  const created = await runtime.database.db
    .selectFrom('outbox')
    .select('payload')
    .where('org_id', '=', orgId)
    .where('type', '=', 'feedback.created')
    .execute();
  expect(created).toHaveLength(ROOM);
  expect(await runtime.store.usage.read(orgId, usagePeriod())).toMatchObject({ events: STARTER_CAP });
}

for (const dialect of dialectsUnderTest()) {
  describe(`plan event cap under concurrent /collect [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let org: BootstrappedOrganization;

    beforeEach(async () => {
      const opened = await openTestRuntime(dialect);
      runtime = opened.runtime;
      cleanup = opened.cleanup;
      org = await runtime.services.organizations.bootstrap({ name: 'Nearly spent', plan: 'starter' });
      await runtime.store.usage.increment(org.organization.id, usagePeriod(), 'events', STARTER_CAP - ROOM);
    });

    afterEach(async () => {
      await cleanup();
    });

    it(`accepts exactly the ${ROOM} events left of ${REQUESTS} concurrent requests`, async () => {
      await expectExactlyTheCap(runtime, org, [runtime]);
    });

    it('does not let another organization’s traffic in the same batches spend or shield the allowance', async () => {
      const other = await runtime.services.organizations.bootstrap({ name: 'Unlimited', plan: 'enterprise' });
      const [answers, others] = await Promise.all([
        collectConcurrently([runtime], org),
        collectConcurrently([runtime], other),
      ]);

      expect(answers.filter((answer) => answer.status === 201)).toHaveLength(ROOM);
      expect(answers.filter((answer) => answer.status === 429)).toHaveLength(REQUESTS - ROOM);
      expect(others.map((answer) => answer.status)).toEqual(Array(REQUESTS).fill(201));
    });

    if (dialect === 'postgres') {
      it('holds across two runtimes (two processes) racing on one database', async () => {
        const second = await createRuntime(loadConfig({}, { ...runtime.config }));
        try {
          await expectExactlyTheCap(runtime, org, [runtime, second]);
        } finally {
          await second.close();
        }
      });

      it('makes a second runtime wait for the usage row while the first holds it', async () => {
        const second = await createRuntime(loadConfig({}, { ...runtime.config }));
        try {
          // The first runtime's commit pauses after reading the counter, before incrementing it.
          const counterRead = deferred();
          const release = deferred();
          const original = runtime.store.transaction;
          runtime.store.transaction = (work) =>
            original((tx) =>
              work({
                ...tx,
                usage: {
                  ...tx.usage,
                  async increment(...args) {
                    counterRead.resolve();
                    await release.promise;
                    return tx.usage.increment(...args);
                  },
                },
              }),
            );

          const first = collectConcurrently([runtime], org, 1);
          await within(counterRead.promise, 5_000, 'the first runtime never reached its usage increment');
          const secondDone = collectConcurrently([second], org, ROOM).then((answers) => ({ answers }));
          const outcome = await Promise.race([secondDone, waitForLockWait(runtime).then(() => 'waiting' as const)]);
          release.resolve();
          expect(outcome, 'the second runtime spent the allowance while the first held it').toBe('waiting');

          const [firstAnswers, { answers: secondAnswers }] = await Promise.all([first, secondDone]);
          expect(firstAnswers.map((answer) => answer.status)).toEqual([201]);
          // It saw the first runtime's increment: one event fewer was left.
          expect(secondAnswers.filter((answer) => answer.status === 201)).toHaveLength(ROOM - 1);
          expect(secondAnswers.filter((answer) => answer.status === 429)).toHaveLength(1);
          expect(await runtime.store.usage.read(org.organization.id, usagePeriod())).toMatchObject({
            events: STARTER_CAP,
          });
        } finally {
          await second.close();
        }
      });
    }
  });
}

if (dialectsUnderTest().includes('postgres')) {
  describe('usage row locks across organizations [postgres]', () => {
    it('two runtimes committing batches for the same two capped organizations in opposite order do not deadlock', async () => {
      // A commit window long enough that each runtime's two requests share one batch.
      const opened = await openTestRuntime('postgres', { commitWindowMs: 500 });
      const a = opened.runtime;
      const b = await createRuntime(loadConfig({}, { ...a.config }));
      try {
        const x = await a.services.organizations.bootstrap({ name: 'X', plan: 'starter' });
        const y = await a.services.organizations.bootstrap({ name: 'Y', plan: 'starter' });
        // Runtime a's batch holds [x, y], runtime b's [y, x].
        arriveInOrder(a, x.inbox.inboxKey);
        arriveInOrder(b, y.inbox.inboxKey);
        const firstLock = { a: deferred(), b: deferred() };
        const locksPerBatch = {
          a: holdAfterFirstLock(a, firstLock.a, firstLock.b.promise),
          b: holdAfterFirstLock(b, firstLock.b, firstLock.a.promise),
        };

        const post = async (runtime: Runtime, org: BootstrappedOrganization) => {
          const response = await requestApp(runtime, '/collect', {
            method: 'POST',
            key: org.collectKey,
            json: { inboxKey: org.inbox.inboxKey, type: 'thumbs', score: 1 },
          });
          return response.status;
        };
        const statuses = await Promise.all([post(a, x), post(a, y), post(b, y), post(b, x)]);

        // Each runtime went for both usage rows in one transaction, so the scenario really happened.
        expect(locksPerBatch).toEqual({ a: [2], b: [2] });
        expect(statuses).toEqual([201, 201, 201, 201]);
      } finally {
        await b.close();
        await opened.cleanup();
      }
    });
  });
}

/** Makes every `/collect` lookup of another inbox key wait until `firstKey` was looked up. */
function arriveInOrder(runtime: Runtime, firstKey: string): void {
  const inboxes = runtime.store.inboxes;
  const findByKey = inboxes.findByKey.bind(inboxes);
  const firstFound = deferred();
  inboxes.findByKey = async (key) => {
    if (key !== firstKey) await firstFound.promise;
    const inbox = await findByKey(key);
    if (key === firstKey) firstFound.resolve();
    return inbox;
  };
}

/**
 * After a transaction's first usage-row lock, waits until the other runtime took its first lock
 * too, or is waiting for one: the interleaving in which two opposite lock orders deadlock.
 * Returns how many usage rows each transaction went for.
 */
function holdAfterFirstLock(runtime: Runtime, mine: Deferred<void>, theirs: Promise<void>): number[] {
  const locksPerTransaction: number[] = [];
  const transaction = runtime.store.transaction;
  runtime.store.transaction = (work) =>
    transaction((tx) => {
      const index = locksPerTransaction.push(0) - 1;
      return work({
        ...tx,
        usage: {
          ...tx.usage,
          async readForUpdate(...args) {
            const attempt = (locksPerTransaction[index] ?? 0) + 1;
            locksPerTransaction[index] = attempt;
            const value = await tx.usage.readForUpdate(...args);
            if (attempt === 1) {
              mine.resolve();
              await within(
                Promise.race([theirs, waitForLockWait(runtime)]),
                5_000,
                'the other runtime neither locked a usage row nor waited for one',
              );
            }
            return value;
          },
        },
      });
    });
  return locksPerTransaction;
}
