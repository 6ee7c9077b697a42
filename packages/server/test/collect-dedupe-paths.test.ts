import { describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import type { PlanName } from '../src/services/plans.js';
import { dialectsUnderTest, freshRuntimeEachTest, requestApp } from './support/harness.js';

/**
 * On PostgreSQL an uncapped organization's items are stored by one SQL statement
 * (storage/repositories/collect-insert.ts) and a capped one's by the transaction of
 * ingest/collect-batch.ts, each stating the dedupe rule (one row per organization and key) on its
 * own (see src/ingest/README.md). These cases hold the two to the same answers, on both databases.
 */

async function post(runtime: Runtime, org: BootstrappedOrganization, idempotencyKey: string) {
  const response = await requestApp(runtime, '/collect', {
    method: 'POST',
    key: org.collectKey,
    json: { inboxKey: org.inbox.inboxKey, type: 'thumbs', score: 1, comment: 'same words' },
    headers: { 'idempotency-key': idempotencyKey },
  });
  expect(response.status).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, replayed: response.headers.get('idempotent-replayed') === 'true' };
}

async function storedCount(runtime: Runtime, org: BootstrappedOrganization): Promise<number> {
  const rows = await runtime.database.db
    .selectFrom('feedback')
    .select('id')
    .where('org_id', '=', org.organization.id)
    .execute();
  return rows.length;
}

for (const dialect of dialectsUnderTest()) {
  describe(`/collect dedupes one idempotency key per organization on either write path [${dialect}]`, () => {
    let runtime: Runtime;
    // A window long enough that submissions sent together share one batch.
    freshRuntimeEachTest(dialect, { commitWindowMs: 50 }, (opened) => {
      runtime = opened;
    });

    for (const plan of ['enterprise', 'starter'] as const satisfies readonly PlanName[]) {
      it(`stores another organization's key as a new event, in a later batch and in the same one (${plan})`, async () => {
        const first = await runtime.services.organizations.bootstrap({ name: 'First', plan });
        const second = await runtime.services.organizations.bootstrap({ name: 'Second', plan });

        const original = await post(runtime, first, 'order-7');
        const other = await post(runtime, second, 'order-7');
        expect(original.replayed).toBe(false);
        expect(other.replayed).toBe(false);
        expect(other.id).not.toBe(original.id);

        const together = await Promise.all([post(runtime, first, 'order-8'), post(runtime, second, 'order-8')]);
        expect(together.map(({ replayed }) => replayed)).toEqual([false, false]);
        expect(together[0]?.id).not.toBe(together[1]?.id);

        // Each organization's retry is answered with its own first id.
        expect(await post(runtime, first, 'order-7')).toEqual({ id: original.id, replayed: true });
        expect(await post(runtime, second, 'order-7')).toEqual({ id: other.id, replayed: true });
        expect(await storedCount(runtime, first)).toBe(2);
        expect(await storedCount(runtime, second)).toBe(2);
      });
    }
  });
}
