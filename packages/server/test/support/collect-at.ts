import { vi } from 'vitest';
import type { BootstrappedOrganization } from '../../src/services/organizations.js';
import { expectJson } from './api-assertions.js';
import type { TestBed } from './harness.js';

const HOUR = 3_600_000;

/**
 * Collects comments through `/collect`, one hour apart from `start`: the clock is set, the request
 * is real. Text items, or stars with `score`. Returns the new items' ids in order.
 *
 * @example
 * const ids = await collectAt(bed(), bed().orgA, '2026-11-09T00:00:00Z', ['Checkout failed']);
 */
export async function collectAt(
  bed: TestBed,
  org: BootstrappedOrganization,
  start: string,
  comments: readonly string[],
  options: { inboxKey?: string; score?: number } = {},
): Promise<string[]> {
  vi.useFakeTimers({ toFake: ['Date'] });
  const collected: string[] = [];
  try {
    for (const [index, comment] of comments.entries()) {
      vi.setSystemTime(Date.parse(start) + index * HOUR);
      const { score } = options;
      const response = await bed.request('/collect', {
        method: 'POST',
        key: org.collectKey,
        json: {
          inboxKey: options.inboxKey ?? org.inbox.inboxKey,
          comment,
          ...(score === undefined ? { type: 'text' } : { type: 'stars', score }),
        },
      });
      collected.push((await expectJson<{ id: string }>(response, 201)).id);
    }
  } finally {
    vi.useRealTimers();
  }
  return collected;
}
