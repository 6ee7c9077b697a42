import { describe, expect, it } from 'vitest';
import { usagePeriod } from '../src/lib/time.js';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { PLANS } from '../src/services/plans.js';
import { postThumb } from './support/api-assertions.js';
import { clearOfDayChange } from './support/day-change.js';
import { dialectsUnderTest, freshRuntimeEachTest } from './support/harness.js';

const STARTER_CAP = PLANS.starter.eventsPerMonth as number;

async function storedIds(runtime: Runtime, org: BootstrappedOrganization, table: 'feedback' | 'outbox') {
  const rows = await runtime.database.db
    .selectFrom(table)
    .select('id')
    .where('org_id', '=', org.organization.id)
    .execute();
  return rows.map((row) => row.id);
}

/** Counts the store's transactions from now on. */
function countTransactions(runtime: Runtime): { count: number } {
  const counter = { count: 0 };
  const transaction = runtime.store.transaction;
  runtime.store.transaction = (work) => {
    counter.count++;
    return transaction(work);
  };
  return counter;
}

for (const dialect of dialectsUnderTest()) {
  describe(`/collect and plan changes [${dialect}]`, () => {
    let runtime: Runtime;
    // A window long enough that requests sent together share one batch.
    freshRuntimeEachTest(dialect, { commitWindowMs: 50 }, (opened) => {
      runtime = opened;
    });

    it('applies a plan change to the very next request, in both directions', async () => {
      await clearOfDayChange();
      const org = await runtime.services.organizations.bootstrap({ name: 'Switcher', plan: 'enterprise' });
      expect((await postThumb(runtime, org)).status).toBe(201);

      await runtime.services.organizations.setPlan(org.organization.id, 'starter');
      await runtime.store.usage.increment(org.organization.id, usagePeriod(), 'events', STARTER_CAP);
      expect(await postThumb(runtime, org)).toMatchObject({ status: 429, body: { code: 'event_limit_reached' } });

      await runtime.services.organizations.setPlan(org.organization.id, 'enterprise');
      const accepted = await postThumb(runtime, org);
      expect(accepted.status).toBe(201);
      expect(await storedIds(runtime, org, 'feedback')).toHaveLength(2);
      expect(await storedIds(runtime, org, 'feedback')).toContain(accepted.body.id);
    });

    it('stores each organization of a mixed batch by its own plan', async () => {
      await clearOfDayChange();
      const open = await runtime.services.organizations.bootstrap({ name: 'Open', plan: 'enterprise' });
      const full = await runtime.services.organizations.bootstrap({ name: 'Full', plan: 'starter' });
      await runtime.store.usage.increment(full.organization.id, usagePeriod(), 'events', STARTER_CAP - 1);

      const answers = await Promise.all([
        postThumb(runtime, open, { eventId: 'a' }),
        postThumb(runtime, full),
        postThumb(runtime, open, { eventId: 'a' }),
        postThumb(runtime, full),
        postThumb(runtime, open),
      ]);

      const [first, fullOne, retry, fullTwo, plain] = answers;
      expect([first, retry, plain].map((answer) => answer?.status)).toEqual([201, 201, 201]);
      // The retry in the same batch answers with its original's id (which arrives first is open).
      expect(retry?.body.id).toBe(first?.body.id);
      expect((await storedIds(runtime, open, 'feedback')).sort()).toEqual([first?.body.id, plain?.body.id].sort());
      expect(await storedIds(runtime, open, 'outbox')).toHaveLength(2);
      // One unit of room: one of the two is stored, the other refused.
      const fullAnswers = [fullOne, fullTwo];
      expect(fullAnswers.map((answer) => answer?.status).sort()).toEqual([201, 429]);
      const accepted = fullAnswers.find((answer) => answer?.status === 201);
      expect(await storedIds(runtime, full, 'feedback')).toEqual([accepted?.body.id]);
      expect(await storedIds(runtime, full, 'outbox')).toHaveLength(1);
      expect(await runtime.store.usage.read(full.organization.id, usagePeriod())).toMatchObject({
        events: STARTER_CAP,
      });
    });

    if (dialect === 'postgres') {
      it('stores a batch of uncapped organizations in one statement, without a transaction', async () => {
        await clearOfDayChange();
        const org = await runtime.services.organizations.bootstrap({ name: 'Open', plan: 'enterprise' });
        const transactions = countTransactions(runtime);

        const answers = await Promise.all([
          postThumb(runtime, org, { eventId: 'x' }),
          postThumb(runtime, org),
          postThumb(runtime, org, { eventId: 'x' }),
        ]);
        const retried = await postThumb(runtime, org, { eventId: 'x' });

        expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201]);
        expect(retried).toEqual({ status: 201, body: answers[0]?.body });
        expect(transactions.count).toBe(0);
        expect(await storedIds(runtime, org, 'feedback')).toHaveLength(2);
        expect(await storedIds(runtime, org, 'outbox')).toHaveLength(2);
        await runtime.services.collect.drain();
        expect(await runtime.store.usage.read(org.organization.id, usagePeriod())).toMatchObject({ events: 2 });
      });

      it("keeps the answers of stored items when the transaction for a capped organization's items fails", async () => {
        const open = await runtime.services.organizations.bootstrap({ name: 'Open', plan: 'enterprise' });
        const capped = await runtime.services.organizations.bootstrap({ name: 'Capped', plan: 'starter' });
        runtime.store.transaction = () => Promise.reject(new Error('connection lost'));

        const [stored, failed] = await Promise.all([postThumb(runtime, open), postThumb(runtime, capped)]);

        expect(stored.status).toBe(201);
        expect(await storedIds(runtime, open, 'feedback')).toEqual([stored.body.id]);
        expect(failed.status).toBe(500);
        expect(await storedIds(runtime, capped, 'feedback')).toEqual([]);
      });
    }
  });
}
