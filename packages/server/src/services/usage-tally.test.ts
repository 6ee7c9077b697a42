import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dialectsUnderTest, openTestRuntime } from '../../test/support/harness.js';
import { usagePeriod } from '../lib/time.js';
import type { Runtime } from '../runtime.js';
import type { Store } from '../storage/store.js';
import { UsageTally } from './usage-tally.js';

for (const dialect of dialectsUnderTest()) {
  describe(`UsageTally [${dialect}]`, () => {
    let runtime: Runtime;
    let cleanup: () => Promise<void>;
    let orgs: [string, string];
    const period = usagePeriod();

    beforeEach(async () => {
      ({ runtime, cleanup } = await openTestRuntime(dialect));
      const bootstrap = (name: string) => runtime.services.organizations.bootstrap({ name });
      orgs = [(await bootstrap('One')).organization.id, (await bootstrap('Two')).organization.id];
    });
    afterEach(() => cleanup());

    /** The real store, with its writes of usage counted and, when asked, the next one failing. */
    function watchedStore() {
      const writes = vi.fn();
      let failNext = false;
      const store: Pick<Store, 'usage'> = {
        usage: {
          ...runtime.store.usage,
          async addApart(...args) {
            writes(...args);
            if (failNext) {
              failNext = false;
              throw new Error('database unavailable');
            }
            return runtime.store.usage.addApart(...args);
          },
        },
      };
      return { store, writes, failNextWrite: () => (failNext = true) };
    }

    it('writes the counts added in one turn with one write per organization, and settles after them', async () => {
      const { store, writes } = watchedStore();
      const tally = new UsageTally(store);
      for (let batch = 0; batch < 50; batch++) {
        tally.add(orgs[0], period, 'events', 3);
        tally.add(orgs[1], period, 'events', 1);
      }
      await tally.settled();
      expect(writes).toHaveBeenCalledTimes(2);
      expect(await runtime.store.usage.read(orgs[0], period)).toEqual({ events: 150, searches: 0 });
      expect(await runtime.store.usage.read(orgs[1], period)).toEqual({ events: 50, searches: 0 });

      // Added while a write is in flight: written by the same run, right after it.
      tally.add(orgs[0], period, 'events', 1);
      await new Promise((resolve) => setImmediate(resolve));
      tally.add(orgs[0], period, 'events', 2);
      await tally.settled();
      expect(await runtime.store.usage.read(orgs[0], period)).toEqual({ events: 153, searches: 0 });
    });

    it('settles within two rounds while counts keep arriving', async () => {
      const tally = new UsageTally(runtime.store);
      let arriving = true;
      let added = 0;
      const keepAdding = async () => {
        while (arriving) {
          tally.add(orgs[0], period, 'events', 1);
          added++;
          await new Promise((resolve) => setImmediate(resolve));
        }
      };
      const load = keepAdding();
      tally.add(orgs[1], period, 'events', 7);
      await tally.settled();
      arriving = false;
      await load;
      expect(await runtime.store.usage.read(orgs[1], period)).toEqual({ events: 7, searches: 0 });
      await tally.settled();
      expect(await runtime.store.usage.read(orgs[0], period)).toEqual({ events: added, searches: 0 });
    });

    it('keeps counts whose write failed and writes them with the next', async () => {
      const { store, failNextWrite } = watchedStore();
      const onError = vi.fn();
      const tally = new UsageTally(store, onError);
      failNextWrite();
      tally.add(orgs[0], period, 'events', 5);
      tally.add(orgs[1], period, 'events', 2);
      await tally.settled();
      expect(onError).toHaveBeenCalledWith(expect.objectContaining({ message: 'database unavailable' }));
      expect(await runtime.store.usage.read(orgs[0], period)).toEqual({ events: 0, searches: 0 });

      tally.add(orgs[0], period, 'events', 1);
      await tally.settled();
      expect(await runtime.store.usage.read(orgs[0], period)).toEqual({ events: 6, searches: 0 });
      expect(await runtime.store.usage.read(orgs[1], period)).toEqual({ events: 2, searches: 0 });
    });
  });
}
