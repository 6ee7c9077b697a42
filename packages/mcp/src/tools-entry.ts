/**
 * `@hearback/mcp/tools`: the tool definitions and the backend interface they call, without the MCP
 * SDK. For a host that lists or describes the tools (the server's skill files) long before it
 * serves them: the SDK is loaded only with the main entry's `createHearbackMcpServer`.
 *
 * @example
 * const names = toolsFor(backend).map((tool) => tool.name);
 */
export type { HearbackBackend, PageRequest, ServerFeatures, StatsFilters, ThemesQuery } from './backend.js';
export { HearbackToolError, type HearbackToolErrorInit } from './errors.js';
export type { HearbackTool, ScopedOperationId, ToolContext, ToolScope } from './tools/define.js';
export { HEARBACK_TOOLS, toolsFor } from './tools/index.js';
