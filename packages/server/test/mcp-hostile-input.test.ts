import { MAX_CONTEXT_DEPTH } from '@hearback/spec';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { beforeAll, expect, it } from 'vitest';
import { describeEachDatabase, type TestBed } from './support/harness.js';
import { callTool, connectMcp, MCP_URL, textOf, toolProblem } from './support/mcp-client.js';

/** The MCP tools refuse what the REST API refuses, as tool errors naming the argument. */

async function feedbackCount(bed: TestBed): Promise<number> {
  const row = await bed.runtime.database.db
    .selectFrom('feedback')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** `{"a":{"a":…}}` nested `depth` levels deep, as JSON text (the SDK client cannot write 4,200). */
function nestedJson(depth: number): string {
  return `${'{"a":'.repeat(depth - 1)}{}${'}'.repeat(depth - 1)}`;
}

/** A raw `tools/call` on the stateless endpoint, for arguments `JSON.stringify` cannot write. */
async function rawToolCall(bed: TestBed, key: string, name: string, argumentsJson: string) {
  const response = await bed.runtime.app.request(MCP_URL, {
    method: 'POST',
    headers: {
      'x-service-key': key,
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    },
    body: `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":${JSON.stringify(name)},"arguments":${argumentsJson}}}`,
  });
  expect(response.status).toBe(200);
  return (await response.json()) as { result: { isError?: boolean; content: { text: string }[] } };
}

describeEachDatabase('MCP tools refuse hostile input', (bed) => {
  let client: Client;
  const submit = (extra: Record<string, unknown>) =>
    callTool(client, 'submit_feedback', { inbox: bed().orgA.inbox.inboxKey, type: 'thumbs', score: 1, ...extra });

  beforeAll(async () => {
    client = await connectMcp(bed(), bed().orgA.adminKey);
  });

  it.each([
    ['a comment', { comment: 'x\ud800' }, 'comment'],
    ['an eventId', { eventId: '\udc00' }, 'eventId'],
    ['an agent name', { agentName: 'bot\ud800' }, 'agentName'],
    ['a context value', { context: { list: [{ deep: 'x\udbff' }] } }, 'context.list.0.deep'],
    ['a context key', { context: { 'k\ud800': 1 } }, 'context.k\\ud800'],
  ])('submit_feedback refuses a lone surrogate in %s, naming it, and stores nothing', async (_name, extra, path) => {
    const before = await feedbackCount(bed());
    const problem = toolProblem(await submit(extra));
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(problem.errors).toEqual([{ path, message: expect.stringMatching(/valid Unicode/) }]);
    expect(await feedbackCount(bed())).toBe(before);
  });

  it.each([
    ['a number as context.source', { context: { source: 5 } }, 'context.source'],
    ['an object as context.agentName', { context: { agentName: { id: 7 } } }, 'context.agentName'],
  ])('submit_feedback refuses %s, as /collect does, naming it, and stores nothing', async (_name, extra, path) => {
    const before = await feedbackCount(bed());
    const result = await submit(extra);
    // The tool's own input schema refuses it, before the server's: the SDK's invalid-arguments error.
    expect(result.isError).toBe(true);
    expect(textOf(result)).toMatch(new RegExp(`expected string, received \\w+ at ${path.replace('.', '\\.')}`));
    expect(await feedbackCount(bed())).toBe(before);
  });

  it.each([
    ['get_feedback', { id: 'fb_\ud800' }, 'id'],
    ['get_feedback', { source: '\ud800' }, 'source'],
    ['get_feedback_stats', { source: 'w\udfff' }, 'source'],
    ['get_feedback_trends', { source: '\udc01x' }, 'source'],
    ['search_feedback', { query: 'freezes \ud800', mode: 'keyword' }, 'query'],
    ['update_feedback_status', { id: 'fb_\ud800', status: 'spam' }, 'id'],
  ])('%s refuses a lone surrogate in its arguments, naming it', async (tool, args, path) => {
    const result = await callTool(client, tool, args);
    const problem = toolProblem(result);
    expect(problem).toMatchObject({ status: 400, code: 'validation_failed' });
    expect(problem.errors).toEqual([{ path, message: expect.stringMatching(/valid Unicode/) }]);
    expect(textOf(result)).toContain(`${path}: Must be valid Unicode`);
  });

  it(`submit_feedback refuses context nested ${MAX_CONTEXT_DEPTH + 1} levels deep, naming context`, async () => {
    const before = await feedbackCount(bed());
    const result = await rawToolCall(
      bed(),
      bed().orgA.adminKey,
      'submit_feedback',
      `{"inbox":${JSON.stringify(bed().orgA.inbox.inboxKey)},"type":"thumbs","score":1,"context":${nestedJson(MAX_CONTEXT_DEPTH + 1)}}`,
    );
    expect(result.result.isError).toBe(true);
    expect(result.result.content[0]?.text).toMatch(/context/);
    expect(result.result.content[0]?.text).toContain(`${MAX_CONTEXT_DEPTH} levels`);
    expect(await feedbackCount(bed())).toBe(before);
  });

  it('submit_feedback refuses context nested 4,200 levels deep (a stack overflow before) with a tool error', async () => {
    const before = await feedbackCount(bed());
    const result = await rawToolCall(
      bed(),
      bed().orgA.adminKey,
      'submit_feedback',
      `{"inbox":${JSON.stringify(bed().orgA.inbox.inboxKey)},"type":"thumbs","score":1,"context":${nestedJson(4_200)}}`,
    );
    expect(result.result.isError).toBe(true);
    expect(result.result.content[0]?.text).toContain(`${MAX_CONTEXT_DEPTH} levels`);
    expect(result.result.content[0]?.text).not.toMatch(/internal_error/);
    expect(await feedbackCount(bed())).toBe(before);
  });

  it(`submit_feedback still stores context ${MAX_CONTEXT_DEPTH} levels deep`, async () => {
    const result = await submit({ context: JSON.parse(nestedJson(MAX_CONTEXT_DEPTH)) });
    expect(result.isError, textOf(result)).toBeFalsy();
  });
});
