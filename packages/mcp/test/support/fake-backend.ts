import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type {
  FeedbackRecord,
  FeedbackStatsRecord,
  FeedbackTrendsRecord,
  HearbackBackend,
  InboxRecord,
} from '../../src/backend.js';
import { createHearbackMcpServer, type HearbackMcpServerOptions } from '../../src/register.js';

export function feedbackRecord(overrides: Partial<FeedbackRecord> = {}): FeedbackRecord {
  return {
    id: 'fb_1',
    inboxId: 'inb_1',
    brandId: null,
    type: 'nps',
    score: 9,
    comment: 'Love it',
    context: { source: 'widget' },
    source: 'widget',
    status: 'new',
    issueLink: null,
    assigneeId: null,
    tags: [],
    createdAt: '2026-11-22T10:00:00.000Z',
    updatedAt: '2026-11-22T10:00:00.000Z',
    ...overrides,
  };
}

export const INBOX: InboxRecord = {
  id: 'inb_1',
  brandId: null,
  name: 'Website',
  inboxKey: 'ibx_website',
  createdAt: '2026-11-01T00:00:00.000Z',
};

export const EMPTY_STATS: FeedbackStatsRecord = {
  range: { from: null, to: null },
  total: 0,
  byType: [],
  bySource: [],
  byInbox: [],
  byStatus: [],
  nps: { score: null, responses: 0, promoters: 0, passives: 0, detractors: 0 },
  csat: { score: null, responses: 0, satisfied: 0 },
};

export const EMPTY_TRENDS: FeedbackTrendsRecord = {
  interval: 'week',
  timezone: 'UTC',
  groupBy: null,
  range: { from: '2026-11-16T00:00:00.000Z', to: '2026-11-23T00:00:00.000Z' },
  series: [
    {
      group: null,
      label: null,
      total: 0,
      scoreType: null,
      buckets: [
        {
          date: '2026-11-16',
          start: '2026-11-16T00:00:00.000Z',
          end: '2026-11-23T00:00:00.000Z',
          count: 0,
          averageScore: null,
          nps: null,
          npsResponses: 0,
          csatPercent: null,
          csatResponses: 0,
        },
      ],
    },
  ],
};

/** A backend whose answers a test sets, recording every call it receives. */
export function fakeBackend(overrides: Partial<HearbackBackend> = {}) {
  const calls: { method: string; args: unknown[] }[] = [];
  const record =
    <A extends unknown[], R>(method: string, answer: (...args: A) => R) =>
    async (...args: A): Promise<Awaited<R>> => {
      calls.push({ method, args });
      return await answer(...args);
    };
  const backend: HearbackBackend = {
    listInboxes: record('listInboxes', () => ({ data: [INBOX], nextCursor: null })),
    getInbox: record('getInbox', () => INBOX),
    listBrands: record('listBrands', () => ({ data: [], nextCursor: null })),
    listFeedback: record('listFeedback', () => ({ data: [feedbackRecord()], nextCursor: 'next' })),
    getFeedback: record('getFeedback', (id: string) => feedbackRecord({ id })),
    getFeedbackStats: record('getFeedbackStats', () => EMPTY_STATS),
    getFeedbackTrends: record('getFeedbackTrends', () => EMPTY_TRENDS),
    submitFeedback: record('submitFeedback', () => ({ id: 'fb_new' })),
    updateFeedback: record('updateFeedback', (id: string, changes) =>
      feedbackRecord({
        id,
        ...(changes.status && { status: changes.status }),
        ...(changes.tags && { tags: changes.tags }),
      }),
    ),
    ...overrides,
  };
  return { backend, calls };
}

/** An SDK client connected in memory to a Hearback MCP server over `backend`. */
export async function connectClient(
  backend: HearbackBackend,
  options: HearbackMcpServerOptions & { clientName?: string } = {},
): Promise<Client> {
  const server = createHearbackMcpServer(backend, options);
  const client = new Client({ name: options.clientName ?? 'test-agent', version: '1.0.0' });
  const [clientTransport, serverTransport] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(serverTransport), client.connect(clientTransport)]);
  return client;
}

/** Calls a tool; the result type of tools/call without the legacy `toolResult` variant. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}
