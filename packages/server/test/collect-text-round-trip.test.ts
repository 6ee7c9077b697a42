import { describe, expect, it } from 'vitest';
import type { Runtime } from '../src/runtime.js';
import type { PlanName } from '../src/services/plans.js';
import { dialectsUnderTest, freshRuntimeEachTest, requestApp } from './support/harness.js';

/**
 * What a submission says comes back as it was sent, whichever write path stored it: on PostgreSQL
 * an uncapped organization's batch travels to one statement as a single JSON document
 * (storage/repositories/collect-insert.ts), a capped one's goes through the transaction. Text that
 * JSON, SQL or array literals treat specially must survive both, in the row, its event and the
 * daily counts.
 */
const HARD_TEXT = [
  `She said "it's broken" \\ C:\\path\\to\\file`,
  '{"json":"\\"quoted\\"","array":[1,2]} {1,2} (a,b) NULL null',
  '%s $1 ::int4 -- ; drop table feedback',
  '改善してください — ça marche? 🙂 𝄞',
  'line\u2028separator\tand tab\nand newline',
].join(' | ');

const CONTEXT = {
  source: `app "beta" \\ {1,2} 🙂`,
  url: 'https://example.com/?q=a%22b&x=\\',
  nested: { 'key "q"': ['\\', '"', 'é', '𝄞', '{}', 'NULL'], number: 1.5, flag: true, nothing: null },
};

for (const dialect of dialectsUnderTest()) {
  describe(`/collect keeps text exactly as sent on either write path [${dialect}]`, () => {
    let runtime: Runtime;
    // Submissions sent together share one batch.
    freshRuntimeEachTest(dialect, { commitWindowMs: 50 }, (opened) => {
      runtime = opened;
    });

    for (const plan of ['enterprise', 'starter'] as const satisfies readonly PlanName[]) {
      it(`stores the comment, context, source and event id unchanged (${plan})`, async () => {
        const org = await runtime.services.organizations.bootstrap({ name: 'Texts', plan });
        const submit = (eventId: string) =>
          requestApp(runtime, '/collect', {
            method: 'POST',
            key: org.collectKey,
            json: {
              inboxKey: org.inbox.inboxKey,
              type: 'nps',
              score: 9,
              comment: HARD_TEXT,
              context: CONTEXT,
              eventId,
            },
          });
        const eventIds = [`évènement "7" \\ 🙂`, 'plain-2', `{"id":3}`];
        const answers = await Promise.all(eventIds.map(submit));
        expect(answers.map(({ status }) => status)).toEqual([201, 201, 201]);
        const ids = await Promise.all(answers.map(async (answer) => ((await answer.json()) as { id: string }).id));

        for (const id of ids) {
          const read = await requestApp(runtime, `/organizations/${org.organization.id}/feedback/${id}`, {
            key: org.adminKey,
          });
          expect(read.status).toBe(200);
          const item = (await read.json()) as { comment: string; context: unknown; score: number };
          expect(item.comment).toBe(HARD_TEXT);
          expect(item.context).toEqual(CONTEXT);
          expect(item.score).toBe(9);
        }

        // The event a webhook or stream reads says the same.
        const events = await runtime.database.db
          .selectFrom('outbox')
          .select('payload')
          .where('org_id', '=', org.organization.id)
          .where('type', '=', 'feedback.created')
          .execute();
        expect(events).toHaveLength(3);
        for (const { payload } of events) {
          const data = JSON.parse(payload) as { comment: string; context: unknown };
          expect(data.comment).toBe(HARD_TEXT);
          expect(data.context).toEqual(CONTEXT);
        }

        // Counted once each, under the source as sent.
        const counts = await runtime.database.db
          .selectFrom('feedback_daily_counts')
          .select(['source', 'count'])
          .where('org_id', '=', org.organization.id)
          .execute();
        expect(counts.map(({ source, count }) => ({ source, count: Number(count) }))).toEqual([
          { source: CONTEXT.source, count: 3 },
        ]);

        // A retry of the first finds it by its key as sent.
        const retry = await submit(eventIds[0] as string);
        expect(retry.status).toBe(201);
        expect(retry.headers.get('idempotent-replayed')).toBe('true');
        expect(((await retry.json()) as { id: string }).id).toBe(ids[0]);
      });
    }
  });
}
