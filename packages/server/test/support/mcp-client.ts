import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { expect } from 'vitest';
import type { TestBed } from './harness.js';

export const MCP_URL = 'http://hearback.test/mcp';

/**
 * The official MCP SDK client on Streamable HTTP, its requests answered in-process by the app.
 *
 * @example
 * const client = await connectMcp(bed(), bed().orgA.adminKey);
 * const { tools } = await client.listTools();
 */
export async function connectMcp(
  bed: TestBed,
  key: string | undefined,
  options: { headers?: Record<string, string>; clientName?: string } = {},
): Promise<Client> {
  const headers: Record<string, string> = { ...options.headers };
  if (key) headers['X-Service-Key'] = key;
  const transport = new StreamableHTTPClientTransport(new URL(MCP_URL), {
    fetch: async (url, init) => bed.runtime.app.fetch(new Request(url, init)),
    requestInit: { headers },
  });
  const client = new Client({ name: options.clientName ?? 'test-agent', version: '1.0.0' });
  await client.connect(transport);
  return client;
}

/** Calls a tool; the tools/call result without the legacy `toolResult` variant. */
export async function callTool(
  client: Client,
  name: string,
  args: Record<string, unknown> = {},
): Promise<CallToolResult> {
  return (await client.callTool({ name, arguments: args })) as CallToolResult;
}

/** The problem a tool error carries in `_meta` (status, code, detail and extras). */
export function toolProblem(result: CallToolResult): Record<string, unknown> & { code: string; status: number } {
  expect(result.isError, JSON.stringify(result.content)).toBe(true);
  return result._meta?.['hearback.dev/problem'] as Record<string, unknown> & { code: string; status: number };
}

/** The text of a tool result. */
export function textOf(result: CallToolResult): string {
  return result.content.map((part) => (part.type === 'text' ? part.text : '')).join('\n');
}
