import { expect } from 'vitest';
import type { ErrorCode } from '../../src/errors/error-codes.js';
import type { Runtime } from '../../src/runtime.js';
import { requestApp, type TestBed } from './harness.js';

// biome-ignore lint/suspicious/noExplicitAny: response bodies are checked field by field in the tests.
export type Json = any;

/** Problem body fields every error response must carry. */
export interface ProblemBody {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  requestId: string;
  errors?: { path: string; message: string }[];
  [extension: string]: unknown;
}

/** Asserts the status (showing the body when it differs) and returns the parsed JSON body. */
export async function expectJson<T = Json>(response: Response, status: number): Promise<T> {
  const text = await response.text();
  expect(response.status, `unexpected status; body: ${text}`).toBe(status);
  expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  return JSON.parse(text) as T;
}

/**
 * Asserts an RFC 9457 problem response with this status and stable code, and returns its body.
 *
 * @example
 * await expectProblem(await bed().request('/nope'), 404, 'not_found');
 */
export async function expectProblem(response: Response, status: number, code: ErrorCode): Promise<ProblemBody> {
  const text = await response.text();
  expect(response.status, `unexpected status; body: ${text}`).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = JSON.parse(text) as ProblemBody;
  expect(body).toMatchObject({ status, code, type: `https://hearback.dev/problems/${code.replaceAll('_', '-')}` });
  expect(body.title).toEqual(expect.any(String));
  expect(body.detail).toEqual(expect.any(String));
  expect(body.requestId).toBe(response.headers.get('x-request-id'));
  return body;
}

/** The `path` of every field error in a problem body. */
export function errorPaths(problem: ProblemBody): string[] {
  return (problem.errors ?? []).map((error) => error.path);
}

/** The key id (`key_…`) inside a key string `hb_<ulid>_<secret>`. */
export function keyIdOf(secret: string): string {
  const ulid = /^hb_([0-9a-z]{26})_/.exec(secret)?.[1];
  if (!ulid) throw new Error(`Not an API key string: ${secret}`);
  return `key_${ulid}`;
}

export interface CreatedKey {
  id: string;
  secret: string;
  brandId: string | null;
  scopes: string[];
  expiresAt: string | null;
}

/** Creates an API key through the API with the admin key of `org`. */
export async function createApiKey(
  bed: TestBed,
  org: { organization: { id: string }; adminKey: string },
  input: { name?: string; scopes: readonly string[]; brandId?: string | null; expiresAt?: string | null },
): Promise<CreatedKey> {
  const response = await bed.request(`/organizations/${org.organization.id}/api-keys`, {
    method: 'POST',
    key: org.adminKey,
    json: { name: input.name ?? 'test key', ...input },
  });
  return expectJson<CreatedKey>(response, 201);
}

export interface CreatedInbox {
  id: string;
  orgId: string;
  brandId: string | null;
  name: string;
  inboxKey: string;
  createdAt: string;
  updatedAt: string;
}

/** Creates an inbox through the API, so a test can count exactly the feedback it sent. */
export async function createInbox(
  bed: TestBed,
  org: { organization: { id: string }; adminKey: string },
  input: { name?: string; brandId?: string | null } = {},
): Promise<CreatedInbox> {
  const response = await bed.request(`/organizations/${org.organization.id}/inboxes`, {
    method: 'POST',
    key: org.adminKey,
    json: { name: input.name ?? 'test inbox', ...input },
  });
  return expectJson<CreatedInbox>(response, 201);
}

/** Collects one text item per comment into the organization's first inbox; their ids, in order. */
export async function collectComments(
  bed: TestBed,
  org: { collectKey: string; inbox: { inboxKey: string } },
  comments: readonly string[],
): Promise<string[]> {
  const ids: string[] = [];
  for (const comment of comments) {
    const response = await bed.request('/collect', {
      method: 'POST',
      key: org.collectKey,
      json: { inboxKey: org.inbox.inboxKey, type: 'text', comment },
    });
    ids.push((await expectJson<{ id: string }>(response, 201)).id);
  }
  return ids;
}

/** Posts one thumbs-up (plus `extra` fields) to the organization's first inbox; any answer. */
export async function postThumb(
  runtime: Runtime,
  org: { collectKey: string; inbox: { inboxKey: string } },
  extra: Record<string, unknown> = {},
): Promise<{ status: number; body: { id?: string; code?: string } }> {
  const response = await requestApp(runtime, '/collect', {
    method: 'POST',
    key: org.collectKey,
    json: { inboxKey: org.inbox.inboxKey, type: 'thumbs', score: 1, ...extra },
  });
  return { status: response.status, body: (await response.json()) as { id?: string; code?: string } };
}

/** Every outbox event whose payload is the given feedback item, oldest first. */
export async function outboxEventsFor(bed: TestBed, feedbackId: string): Promise<{ type: string; data: unknown }[]> {
  const rows = await bed.runtime.database.db.selectFrom('outbox').select(['type', 'payload']).orderBy('seq').execute();
  return rows
    .map((row) => ({ type: row.type, data: JSON.parse(row.payload) as { id?: string } }))
    .filter((event) => event.data.id === feedbackId);
}

export interface FeedbackItem {
  id: string;
  orgId: string;
  inboxId: string;
  brandId: string | null;
  type: string;
  score: number | null;
  comment: string | null;
  context: Record<string, unknown>;
  source: string | null;
  status: string;
  issueLink: { tracker: string; url: string; key: string } | null;
  assigneeId: string | null;
  tags: string[];
  createdAt: string;
  updatedAt: string;
}

/** Follows `nextCursor` to the end and returns every item, in the order the pages gave them. */
export async function listAllFeedback(
  bed: TestBed,
  orgId: string,
  key: string,
  query: Record<string, string> = {},
): Promise<FeedbackItem[]> {
  const items: FeedbackItem[] = [];
  let cursor: string | null = null;
  do {
    const params = new URLSearchParams({ ...query, limit: '200', ...(cursor && { cursor }) });
    const page: { data: FeedbackItem[]; nextCursor: string | null } = await expectJson(
      await bed.request(`/organizations/${orgId}/feedback?${params}`, { key }),
      200,
    );
    items.push(...page.data);
    cursor = page.nextCursor;
  } while (cursor);
  return items;
}
