import { createHearbackMcpServer, type HearbackBackend, type HearbackMcpServerOptions } from '@hearback/mcp';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

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
