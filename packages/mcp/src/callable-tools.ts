import type { McpServer, RegisteredTool } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ListToolsRequestSchema, type ListToolsResult, type Tool } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
import type { KeyAccess } from './backend.js';
import type { HearbackTool } from './tools/define.js';
import { servedWith } from './tools/index.js';
import { mayCall } from './tools/tool-scopes.js';

/** A tool with the handle McpServer returned when it was registered. */
export interface RegisteredHearbackTool {
  tool: HearbackTool;
  registered: RegisteredTool;
}

/**
 * A tool as `tools/list` shows it: what McpServer's own handler sends, the schemas converted as the
 * SDK converts zod 4 schemas (JSON Schema draft-7, input or output side). The admin's listing is
 * tested to equal McpServer's own.
 */
function definitionOf({ tool, registered }: RegisteredHearbackTool): Tool {
  return {
    name: tool.name,
    title: registered.title,
    description: registered.description,
    inputSchema: z.toJSONSchema(tool.inputSchema, { target: 'draft-7', io: 'input' }) as Tool['inputSchema'],
    outputSchema: z.toJSONSchema(tool.outputSchema, { target: 'draft-7', io: 'output' }) as Tool['outputSchema'],
    annotations: registered.annotations,
    execution: registered.execution,
    _meta: registered._meta,
  };
}

/**
 * Answers `tools/list` with only the tools the caller's key may call, so an agent holding a
 * `collect` key, or a brand-scoped key, is not shown tools it would be refused. McpServer has no filter for its listing
 * (it lists every enabled tool, and refuses to call a disabled one), so its `tools/list` handler is
 * replaced after the tools are registered; `tools/call` stays McpServer's, and a tool called
 * anyway meets the backend's refusal as before. The tools the server cannot serve (`features`:
 * the theme tools with semantic search off) are left out too. When the scopes cannot be learned (a
 * remote server unreachable), every tool is listed.
 *
 * @example
 * listOnlyCallableTools(server, registered, () => backend.keyAccess());
 */
export function listOnlyCallableTools(
  server: McpServer,
  tools: readonly RegisteredHearbackTool[],
  keyAccess: () => Promise<KeyAccess>,
): void {
  server.server.setRequestHandler(ListToolsRequestSchema, async (): Promise<ListToolsResult> => {
    const key = await keyAccess().catch(() => undefined);
    const listed = tools.filter(
      ({ tool, registered }) =>
        registered.enabled && (!key || (mayCall(tool, key) && (!key.features || servedWith(tool, key.features)))),
    );
    return { tools: listed.map(definitionOf) };
  });
}
