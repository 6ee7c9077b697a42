import { describe, expect, it } from 'vitest';
import { newId } from '../src/lib/ids.js';
import { nowIso } from '../src/lib/time.js';
import type { Runtime } from '../src/runtime.js';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import type { PlanName } from '../src/services/plans.js';
import { expectProblem } from './support/api-assertions.js';
import { dialectsUnderTest, freshRuntimeEachTest, requestApp } from './support/harness.js';

type Body = Record<string, unknown>;

function post(runtime: Runtime, org: BootstrappedOrganization, body: Body, idempotencyKey?: string) {
  return requestApp(runtime, '/collect', {
    method: 'POST',
    key: org.collectKey,
    json: { inboxKey: org.inbox.inboxKey, ...body },
    ...(idempotencyKey && { headers: { 'idempotency-key': idempotencyKey } }),
  });
}

async function storedComments(runtime: Runtime, org: BootstrappedOrganization): Promise<(string | null)[]> {
  const rows = await runtime.database.db
    .selectFrom('feedback')
    .select('comment')
    .where('org_id', '=', org.organization.id)
    .orderBy('id')
    .execute();
  return rows.map((row) => row.comment);
}

for (const dialect of dialectsUnderTest()) {
  describe(`/collect with an idempotency key reused for a different submission [${dialect}]`, () => {
    let runtime: Runtime;
    // A window long enough that submissions sent together share one batch.
    freshRuntimeEachTest(dialect, { commitWindowMs: 50 }, (opened) => {
      runtime = opened;
    });

    // On PostgreSQL an uncapped organization's items go by the one-statement insert, a capped one's
    // by a transaction: the rule holds on both.
    for (const plan of ['enterprise', 'starter'] as const satisfies readonly PlanName[]) {
      it(`answers 422 idempotency_key_reused to a later different submission and stores nothing (${plan})`, async () => {
        const org = await runtime.services.organizations.bootstrap({ name: 'Reuser', plan });
        const original = { type: 'nps', score: 9, comment: 'great', context: { page: '/a', user: { id: 1 } } };
        const first = await post(runtime, org, original, 'order-1');
        expect(first.status).toBe(201);
        const { id } = (await first.json()) as { id: string };

        for (const changed of [
          { score: 3 },
          { comment: 'awful' },
          { comment: null },
          { context: { page: '/b', user: { id: 1 } } },
          { type: 'stars', score: 5 },
        ]) {
          await expectProblem(
            await post(runtime, org, { ...original, ...changed }, 'order-1'),
            422,
            'idempotency_key_reused',
          );
        }
        // The same submission, sent afresh with its context keys in another order, is a retry.
        const retry = await post(runtime, org, { ...original, context: { user: { id: 1 }, page: '/a' } }, 'order-1');
        expect(retry.status).toBe(201);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        expect(await retry.json()).toEqual({ id, success: true });
        // eventId is the same key as Idempotency-Key.
        await expectProblem(
          await post(runtime, org, { ...original, score: 0, eventId: 'order-1' }),
          422,
          'idempotency_key_reused',
        );
        expect(await storedComments(runtime, org)).toEqual(['great']);
      });

      it(`answers 422 to a different submission with the key of one in the same batch (${plan})`, async () => {
        const org = await runtime.services.organizations.bootstrap({ name: 'Same batch', plan });
        const bystander = await runtime.services.organizations.bootstrap({ name: 'Bystander' });
        const sameKey = { eventId: 'evt-1', type: 'thumbs' };

        const [first, retry, reuse, other] = await Promise.all([
          post(runtime, org, { ...sameKey, score: 1, comment: 'first' }),
          post(runtime, org, { ...sameKey, score: 1, comment: 'first' }),
          post(runtime, org, { ...sameKey, score: 0, comment: 'second' }),
          post(runtime, bystander, { type: 'thumbs', score: 1 }),
        ]);

        // Whichever content came first holds the key; the other content is refused.
        const firstWon = first.status === 201;
        const [winner, loser] = firstWon ? [first, reuse] : [reuse, first];
        expect(winner.status).toBe(201);
        await expectProblem(loser, 422, 'idempotency_key_reused');
        if (firstWon) expect(await retry.json()).toEqual(await winner.json());
        else await expectProblem(retry, 422, 'idempotency_key_reused');
        expect(other.status).toBe(201);
        expect(await storedComments(runtime, org)).toEqual([firstWon ? 'first' : 'second']);
      });
    }

    it('still answers any repeat of a key stored before submissions had fingerprints with its id', async () => {
      const org = await runtime.services.organizations.bootstrap({ name: 'Upgraded' });
      const now = nowIso();
      const legacyId = newId('feedback');
      await runtime.store.feedback.insertMany([
        {
          id: legacyId,
          orgId: org.organization.id,
          inboxId: org.inbox.id,
          brandId: null,
          type: 'thumbs',
          score: 1,
          comment: 'stored by an older version',
          context: {},
          source: null,
          status: 'new',
          issueLink: null,
          assigneeId: null,
          idempotencyKey: 'legacy-1',
          createdAt: now,
          updatedAt: now,
        },
      ]);

      const repeat = await post(runtime, org, { type: 'thumbs', score: 0 }, 'legacy-1');

      expect(repeat.status).toBe(201);
      expect(await repeat.json()).toEqual({ id: legacyId, success: true });
    });
  });
}
