import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { BootstrappedOrganization } from '../src/services/organizations.js';
import { expectJson } from './support/api-assertions.js';
import { describeEachDatabase } from './support/harness.js';
import { storeResponse } from './support/pages.js';

/**
 * Feedback filters read a bare date as that day in the organization's time zone, `to` included
 * (src/routes/feedback/feedback-date-bounds.test.ts). The other ranges of the API (a page's
 * responses, listed and exported, and the audit log) read it by the same rule, so one pair of date
 * fields means the same days on every screen of an organization.
 */
const TIMEZONE = 'Asia/Kolkata'; // UTC+05:30: its days start at 18:30 UTC the day before
/** Instants on either side of Kolkata's midnights (and UTC's), with the local day of each. */
const MOMENTS = [
  { at: '2026-11-09T18:29:59.999Z', day: '2026-11-09' },
  { at: '2026-11-09T18:30:00.000Z', day: '2026-11-10' },
  { at: '2026-11-10T00:00:00.000Z', day: '2026-11-10' },
  { at: '2026-11-10T18:29:59.000Z', day: '2026-11-10' },
  { at: '2026-11-10T18:30:00.000Z', day: '2026-11-11' },
];
const DAYS = ['2026-11-09', '2026-11-10', '2026-11-11'];

describeEachDatabase('every date range of the API reads a date in the organization’s time zone', (bed) => {
  let org: BootstrappedOrganization;
  let orgPath: string;
  let pageId: string;
  /** Response ids and audit entry ids by the local day they were made on. */
  const responsesByDay = new Map<string, string[]>();
  const auditByDay = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, day: string, id: string) => map.set(day, [...(map.get(day) ?? []), id]);

  beforeAll(async () => {
    org = await bed().runtime.services.organizations.bootstrap({ name: 'Dates everywhere' });
    orgPath = `/organizations/${org.organization.id}`;
    const send = async (method: string, path: string, json?: unknown, status = 200) =>
      expectJson<{ id: string }>(await bed().request(`${orgPath}${path}`, { method, key: org.adminKey, json }), status);
    await send('PATCH', '', { timezone: TIMEZONE });
    const created = await send(
      'POST',
      '/feedback-pages',
      {
        title: 'Dates',
        questions: [{ type: 'nps', title: 'Recommend us?' }],
      },
      201,
    );
    const page = (await send('POST', `/feedback-pages/${created.id}/publish`)) as unknown as {
      id: string;
      orgId: string;
      brandId: string | null;
      version: number;
      questions: { id: string }[];
    };
    pageId = page.id;
    const questionId = page.questions[0]?.id ?? '';
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const [index, moment] of MOMENTS.entries()) {
        const id = `resp_dates${String(index).padStart(21, '0')}`;
        await storeResponse(bed().runtime.store, page, { id, createdAt: moment.at, answers: { [questionId]: 7 } });
        add(responsesByDay, moment.day, id);
        // An audited change at that moment: an inbox created.
        vi.setSystemTime(new Date(moment.at));
        const inbox = await send('POST', '/inboxes', { name: `Inbox at ${moment.at}` }, 201);
        add(auditByDay, moment.day, inbox.id);
      }
    } finally {
      vi.useRealTimers();
    }
  });

  const query = (from: string, to: string) => new URLSearchParams({ from, to, limit: '100' }).toString();
  const responseIds = async (from: string, to: string) => {
    const page = await expectJson<{ data: { id: string }[] }>(
      await bed().request(`${orgPath}/feedback-pages/${pageId}/responses?${query(from, to)}`, { key: org.adminKey }),
      200,
    );
    return page.data.map((response) => response.id).sort();
  };
  const exportedIds = async (from: string, to: string) => {
    const response = await bed().request(
      `${orgPath}/feedback-pages/${pageId}/responses/export?${new URLSearchParams({ format: 'ndjson', from, to })}`,
      { key: org.adminKey },
    );
    expect(response.status).toBe(200);
    const lines = (await response.text()).split('\n').filter((line) => line.trim() !== '');
    return lines.map((line) => (JSON.parse(line) as { id: string }).id).sort();
  };
  const auditedInboxIds = async (from: string, to: string) => {
    const page = await expectJson<{ data: { action: string; resource: { id: string } }[] }>(
      await bed().request(`${orgPath}/audit-log?${query(from, to)}&action=inbox.created`, { key: org.adminKey }),
      200,
    );
    return page.data.map((entry) => entry.resource.id).sort();
  };
  const sorted = (ids: string[] | undefined) => [...(ids ?? [])].sort();

  describe.each(DAYS)('from and to the same date, %s', (day) => {
    it("is that whole day in the organization's zone for a page's responses, listed and exported", async () => {
      expect(await responseIds(day, day)).toEqual(sorted(responsesByDay.get(day)));
      expect(await exportedIds(day, day)).toEqual(sorted(responsesByDay.get(day)));
    });

    it("is that whole day in the organization's zone for the audit log", async () => {
      expect(await auditedInboxIds(day, day)).toEqual(sorted(auditByDay.get(day)));
    });
  });

  it('keeps a date-time with an offset as that instant, `to` left out', async () => {
    const [first, second] = MOMENTS;
    expect(await responseIds(first?.at ?? '', second?.at ?? '')).toEqual(sorted(responsesByDay.get('2026-11-09')));
    expect(await auditedInboxIds('2026-11-09T23:59:59.999+05:30', '2026-11-10T00:00:00+05:30')).toEqual(
      sorted(auditByDay.get('2026-11-09')),
    );
  });
});
