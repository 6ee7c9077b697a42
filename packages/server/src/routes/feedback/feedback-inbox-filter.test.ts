import { beforeAll, expect, it } from 'vitest';
import { createInbox, expectJson, expectProblem } from '../../../test/support/api-assertions.js';
import { describeEachDatabase } from '../../../test/support/harness.js';

const EXPECTED_ID = 'Expected an inbox id: inb_ followed by 26 letters and digits.';

/**
 * `inboxId` filters by an inbox's id. SPEC names inboxes by their key (`ibx_…`, the one in every
 * widget snippet), and a key given as `inboxId` used to match nothing: an empty list, zero stats,
 * an empty export, all answered 200 as if the inbox had no feedback. It is refused, naming the
 * filter, as `brandId` and the MCP tools' `inboxId` are.
 */
describeEachDatabase('filtering feedback by inbox (inboxId)', (bed) => {
  const orgPath = () => `/organizations/${bed().orgA.organization.id}`;
  const get = (path: string) => bed().request(path, { key: bed().orgA.adminKey });
  let other: { id: string; inboxKey: string };

  beforeAll(async () => {
    other = await createInbox(bed(), bed().orgA, { name: 'Other inbox' });
    for (const inbox of [bed().orgA.inbox, other]) {
      const response = await bed().request('/collect', {
        method: 'POST',
        key: bed().orgA.collectKey,
        json: { inboxKey: inbox.inboxKey, type: 'text', comment: `in ${inbox.id}` },
      });
      await expectJson(response, 201);
    }
  });

  it.each([
    ['the list', '/feedback'],
    ['stats', '/feedback/stats'],
    ['trends', '/feedback/trends'],
    ['the export', '/feedback/export'],
    ['the stream', '/feedback/stream'],
  ])("refuses an inbox's key as inboxId on %s, naming inboxId", async (_name, path) => {
    const response = await get(`${orgPath()}${path}?inboxId=${bed().orgA.inbox.inboxKey}`);
    const problem = await expectProblem(response, 400, 'validation_failed');
    expect(problem.errors).toEqual([{ path: 'inboxId', message: EXPECTED_ID }]);
  });

  it("refuses an inbox's key in search filters, naming filters.inboxId", async () => {
    const response = await bed().request(`${orgPath()}/search`, {
      method: 'POST',
      key: bed().orgA.adminKey,
      json: { query: 'inbox', mode: 'keyword', filters: { inboxId: bed().orgA.inbox.inboxKey } },
    });
    const problem = await expectProblem(response, 400, 'validation_failed');
    expect(problem.errors).toEqual([{ path: 'filters.inboxId', message: EXPECTED_ID }]);
  });

  it("keeps the items of the inbox whose id is given, and nothing of another organization's", async () => {
    const list = await expectJson<{ data: { comment: string; inboxId: string }[] }>(
      await get(`${orgPath()}/feedback?inboxId=${other.id}`),
      200,
    );
    expect(list.data.map((item) => item.comment)).toEqual([`in ${other.id}`]);
    const foreign = await expectJson<{ data: unknown[] }>(
      await get(`${orgPath()}/feedback?inboxId=${bed().orgB.inbox.id}`),
      200,
    );
    expect(foreign.data).toEqual([]);
  });
});
