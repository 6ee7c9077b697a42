import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { dialectsUnderTest, openTestRuntime } from '../../test/support/harness.js';
import { retriesOf } from '../../test/support/outbox.js';
import { newId } from '../lib/ids.js';
import type { Runtime } from '../runtime.js';
import type { ClaimedEvent } from '../storage/repositories/outbox.js';
import { JobRunner } from './job-runner.js';

/** A job runner with a batch handler: one call per batch; a failing batch goes event by event. */
for (const dialect of dialectsUnderTest()) {
  describe(`job runner batch handler [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let orgId: string;
    beforeEach(async () => {
      const opened = await openTestRuntime(dialect);
      runtime = opened.runtime;
      cleanup = opened.cleanup;
      orgId = (await runtime.services.organizations.bootstrap({ name: 'Batches' })).organization.id;
    });
    afterEach(async () => {
      await cleanup();
    });

    async function append(types: string[]): Promise<string[]> {
      const events = types.map((type) => ({
        id: newId('event'),
        orgId,
        type,
        data: {},
        createdAt: new Date().toISOString(),
      }));
      await runtime.store.outbox.append(events);
      return events.map((event) => event.id);
    }

    it('hands a whole batch to the batch handler once, in log order, with positions', async () => {
      const ids = await append(['test.a', 'test.b', 'test.c']);
      const batches: ClaimedEvent[][] = [];
      const single: string[] = [];
      const runner = new JobRunner({
        store: runtime.store,
        consumer: 'batch-test',
        batchHandler: async (events) => {
          batches.push(events);
        },
        handlers: { '*': [async (event) => void single.push(event.id)] },
      });
      expect(await runner.runUntilIdle()).toBe(3);
      expect(batches.map((batch) => batch.map((event) => event.id))).toEqual([ids]);
      expect(batches[0]?.every((event) => event.position !== undefined)).toBe(true);
      expect(single).toEqual([]);
    });

    it('handles a failed batch event by event, retrying only the event that fails alone', async () => {
      const [good, poison, alsoGood] = await append(['test.ok', 'test.poison', 'test.ok']);
      const handled: string[] = [];
      const runner = new JobRunner({
        store: runtime.store,
        consumer: 'batch-test',
        batchHandler: async (events) => {
          if (events.length > 1) throw new Error('one of them is bad');
        },
        handlers: {
          '*': [
            async (event) => {
              if (event.type === 'test.poison') throw new Error('bad event');
              handled.push(event.id);
            },
          ],
        },
      });
      await runner.runUntilIdle();
      expect(handled).toEqual([good, alsoGood]);
      const retries = await retriesOf(runtime.database.db, 'batch-test');
      expect(retries.map((retry) => retry.id)).toEqual([poison]);
    });
  });
}
