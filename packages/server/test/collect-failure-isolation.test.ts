import { afterEach, describe, expect, it } from 'vitest';
import type { CollectInput } from '../src/ingest/collect.js';
import { usagePeriod } from '../src/lib/time.js';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import type { PlanName } from '../src/services/plans.js';
import { postThumb } from './support/api-assertions.js';
import { dialectsUnderTest, freshRuntimeEachTest, openTestRuntime } from './support/harness.js';

/** One write of feedback rows the database was asked to make: whose rows, and whether it failed. */
interface Write {
  orgIds: string[];
  failed: boolean;
}

/**
 * Records every write of feedback rows (the transaction's insert and, on PostgreSQL, the
 * one-statement insert), so a test can show that good items shared a write with a bad one.
 */
function recordFeedbackWrites(runtime: Runtime): Write[] {
  const writes: Write[] = [];
  const record = async <T>(orgIds: string[], write: () => Promise<T>): Promise<T> => {
    const entry = { orgIds, failed: false };
    writes.push(entry);
    try {
      return await write();
    } catch (error) {
      entry.failed = true;
      throw error;
    }
  };
  const { store } = runtime;
  const transaction = store.transaction;
  store.transaction = (work) =>
    transaction((tx) =>
      work({
        ...tx,
        feedback: {
          ...tx.feedback,
          insertMany: (items) =>
            record(
              items.map((item) => item.orgId),
              () => tx.feedback.insertMany(items),
            ),
        },
      }),
    );
  const { collectInsert } = store;
  if (collectInsert) {
    const insertForPlans = collectInsert.insertForPlans;
    collectInsert.insertForPlans = (entries, plans) =>
      record(
        entries.map((entry) => entry.feedback.orgId),
        () => insertForPlans(entries, plans),
      );
  }
  return writes;
}

/**
 * Submits to the collect service directly, as a route passes a request on, with the key already
 * authenticated and the inbox already read: `submit` then queues synchronously, so submissions
 * made in one turn are sure to share a group-commit batch whatever the machine's load.
 */
async function submitterFor(runtime: Runtime, org: BootstrappedOrganization) {
  const principal = await runtime.services.apiKeys.authenticate(org.collectKey);
  return (input: Partial<CollectInput> = {}, inbox = org.inbox) =>
    runtime.services.collect.submit(
      principal,
      { inboxKey: org.inbox.inboxKey, type: 'thumbs', score: 1, ...input },
      undefined,
      { inbox },
    );
}

/**
 * A submission the database refuses: its inbox no longer exists (deleted after the lookup, say),
 * so its row breaks the foreign key.
 */
const GHOST_INBOX_ID = 'inb_00000000000000000000000000';

async function storedIds(runtime: Runtime, org: BootstrappedOrganization): Promise<string[]> {
  const rows = await runtime.database.db
    .selectFrom('feedback')
    .select('id')
    .where('org_id', '=', org.organization.id)
    .execute();
  return rows.map((row) => row.id).sort();
}

async function announcedIds(runtime: Runtime, org: BootstrappedOrganization): Promise<string[]> {
  const rows = await runtime.database.db
    .selectFrom('outbox')
    .select('payload')
    .where('org_id', '=', org.organization.id)
    .where('type', '=', 'feedback.created')
    .execute();
  return rows.map((row) => (JSON.parse(row.payload) as { id: string }).id).sort();
}

/** The bad item really shared a write with good items of other organizations, and that write failed. */
function expectFailedSharedWrite(writes: Write[], attacker: BootstrappedOrganization): void {
  const shared = writes.find(
    (write) =>
      write.failed &&
      write.orgIds.includes(attacker.organization.id) &&
      write.orgIds.some((orgId) => orgId !== attacker.organization.id),
  );
  expect(shared, `no failed write mixed the bad item with good ones: ${JSON.stringify(writes)}`).toBeDefined();
}

const GOOD_PER_ORG = 4;
const HTTP_BATCH_WINDOW_MS = 1000;

for (const dialect of dialectsUnderTest()) {
  describe(`/collect failure isolation in group commit [${dialect}]`, () => {
    let cleanup: (() => Promise<void>) | undefined;
    const open = async (commitWindowMs: number): Promise<Runtime> => {
      const opened = await openTestRuntime(dialect, { commitWindowMs });
      cleanup = opened.cleanup;
      return opened.runtime;
    };

    afterEach(async () => {
      await cleanup?.();
      cleanup = undefined;
    });

    // On PostgreSQL an uncapped organization's items go by the one-statement insert, a capped one's
    // by a transaction after it: the bad item is put on each path in turn.
    for (const attackerPlan of ['enterprise', 'starter'] as const satisfies readonly PlanName[]) {
      it(`stores every good item of other organizations sharing a batch with one the database refuses (bad item on ${attackerPlan})`, async () => {
        const runtime = await open(0);
        const attacker = await runtime.services.organizations.bootstrap({ name: 'Attacker', plan: attackerPlan });
        const uncapped = await runtime.services.organizations.bootstrap({ name: 'Uncapped', plan: 'enterprise' });
        const capped = await runtime.services.organizations.bootstrap({ name: 'Capped', plan: 'starter' });
        const submitPoisoned = await submitterFor(runtime, attacker);
        const submitters = await Promise.all([uncapped, capped].map((org) => submitterFor(runtime, org)));
        const writes = recordFeedbackWrites(runtime);

        // All in one turn: one batch.
        const poisoned = submitPoisoned({}, { ...attacker.inbox, id: GHOST_INBOX_ID }).then(
          (result) => ({ ok: true as const, result }),
          (error: unknown) => ({ ok: false as const, error }),
        );
        const good = await Promise.all(
          submitters.flatMap((submit) =>
            Array.from({ length: GOOD_PER_ORG }, (_, index) => submit({ comment: `good ${index}` })),
          ),
        );

        expect(good.every((result) => !result.replayed)).toBe(true);
        const bad = await poisoned;
        expect(bad.ok, 'the database was expected to refuse the bad item').toBe(false);
        expectFailedSharedWrite(writes, attacker);

        const answeredIds = (from: number) =>
          good
            .slice(from, from + GOOD_PER_ORG)
            .map((result) => result.id)
            .sort();
        for (const [org, from] of [
          [uncapped, 0],
          [capped, GOOD_PER_ORG],
        ] as const) {
          expect(await storedIds(runtime, org)).toEqual(answeredIds(from));
          expect(await announcedIds(runtime, org)).toEqual(answeredIds(from));
        }
        expect(await storedIds(runtime, attacker)).toEqual([]);
        expect(await announcedIds(runtime, attacker)).toEqual([]);
        // Counted exactly once each, capped (in the transaction) and uncapped (after it) alike.
        await runtime.services.collect.drain();
        for (const org of [uncapped, capped]) {
          expect(await runtime.store.usage.read(org.organization.id, usagePeriod())).toMatchObject({
            events: GOOD_PER_ORG,
          });
        }
      });
    }

    it('answers the bad item with a 500 problem over HTTP and every other request of its batch with 201', async () => {
      // Requests in flight together reach the committer at slightly different times: a window
      // far longer than their few milliseconds of authentication puts them in one batch.
      const runtime = await open(HTTP_BATCH_WINDOW_MS);
      const attacker = await runtime.services.organizations.bootstrap({ name: 'Attacker' });
      const victim = await runtime.services.organizations.bootstrap({ name: 'Victim' });
      // The inbox is gone between the request's lookup and its commit.
      const lookups = runtime.store.inboxes;
      const findByKey = lookups.findByKey;
      lookups.findByKey = async (inboxKey) => {
        const inbox = await findByKey(inboxKey);
        return inbox && inbox.orgId === attacker.organization.id
          ? { ...inbox, id: 'inb_00000000000000000000000000' }
          : inbox;
      };

      const writes = recordFeedbackWrites(runtime);

      const [bad, ...good] = await Promise.all([
        postThumb(runtime, attacker),
        ...Array.from({ length: GOOD_PER_ORG }, () => postThumb(runtime, victim)),
      ]);

      expect(bad).toMatchObject({ status: 500, body: { code: 'internal_error' } });
      expect(good.map((answer) => answer.status)).toEqual(Array(GOOD_PER_ORG).fill(201));
      expectFailedSharedWrite(writes, attacker);
      expect(await storedIds(runtime, victim)).toHaveLength(GOOD_PER_ORG);
    });
  });
}

for (const dialect of dialectsUnderTest()) {
  describe(`/collect idempotency keys that are not valid Unicode [${dialect}]`, () => {
    let runtime: Runtime;
    freshRuntimeEachTest(dialect, { commitWindowMs: 50 }, (opened) => {
      runtime = opened;
    });

    for (const plan of ['enterprise', 'starter'] as const satisfies readonly PlanName[]) {
      it(`answers a repeated lone-surrogate eventId with the original, beside others' submissions (${plan})`, async () => {
        const org = await runtime.services.organizations.bootstrap({ name: 'Surrogate', plan });
        const other = await runtime.services.organizations.bootstrap({ name: 'Bystander' });
        const principal = await runtime.services.apiKeys.authenticate(org.collectKey);
        // The HTTP layer refuses such text; the service must not depend on it.
        const input = { inboxKey: org.inbox.inboxKey, type: 'thumbs', score: 1, eventId: '\ud800x' } as const;
        const original = await runtime.services.collect.submit(principal, input);

        const [repeat, ...others] = await Promise.all([
          runtime.services.collect.submit(principal, input),
          postThumb(runtime, other),
          postThumb(runtime, other),
        ]);

        expect(original.replayed).toBe(false);
        expect(repeat).toEqual({ id: original.id, replayed: true });
        expect(others.map((answer) => answer.status)).toEqual([201, 201]);
        expect(await storedIds(runtime, org)).toEqual([original.id]);
      });
    }
  });
}
