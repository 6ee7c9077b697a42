import type { HearbackTool } from '@hearback/mcp/tools';
import { createRoute, type RouteConfig, z } from '@hono/zod-openapi';
import { KEY_SCOPES } from '../domain/api-key.js';
import { CONNECTION_ERRORS, errorResponse, KEY_ONLY_SECURITY } from '../routes/shared.schemas.js';
import { MCP_PATH } from './mcp-endpoint.js';

/**
 * The protocol version the document links and names: the MCP SDK's latest (a test checks it). Not
 * read from the SDK here: the SDK is loaded with the first `/mcp` request only (mcp-endpoint.ts).
 */
export const MCP_SPEC_VERSION = '2025-11-25';

/** The transport the endpoint speaks, in the specification of the Model Context Protocol. */
const MCP_TRANSPORT_SPEC = `https://modelcontextprotocol.io/specification/${MCP_SPEC_VERSION}/basic/transports#streamable-http`;

const JsonRpcId = z.union([z.string(), z.number().int()]);

const JsonRpcMessageSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: JsonRpcId.optional().openapi({ description: 'Absent on a notification (answered 202, no body).', example: 1 }),
    method: z.string().openapi({
      description: '`initialize`, `notifications/initialized`, `tools/list`, `tools/call`, `ping` …',
      example: 'tools/call',
    }),
    params: z
      .record(z.string(), z.unknown())
      .optional()
      .openapi({ example: { name: 'get_feedback_stats', arguments: { inboxId: 'inb_01jd3x2k9v6c4h8m2n5p7q1r3s' } } }),
  })
  .openapi('JsonRpcMessage', { description: 'A JSON-RPC 2.0 request or notification of the Model Context Protocol.' });

const JsonRpcErrorSchema = z.object({
  code: z.number().int().openapi({ example: -32000 }),
  message: z.string(),
  data: z.unknown().optional(),
});

const JsonRpcResponseSchema = z
  .object({
    jsonrpc: z.literal('2.0'),
    id: JsonRpcId.nullable(),
    result: z.record(z.string(), z.unknown()).optional().openapi({
      description:
        'On success. A tool that refuses (a missing scope, an unknown id, a spent allowance) answers a result with `isError: true` and the REST problem under `_meta`, not an HTTP error.',
    }),
    error: JsonRpcErrorSchema.optional(),
  })
  .openapi('JsonRpcResponse', { description: 'A JSON-RPC 2.0 response: a `result`, or an `error`.' });

const JsonRpcErrorResponseSchema = z
  .object({ jsonrpc: z.literal('2.0'), id: z.null(), error: JsonRpcErrorSchema })
  .openapi('JsonRpcErrorResponse', {
    description: 'How the MCP transport refuses a request it cannot take, before any tool runs.',
  });

const jsonRpcError = (description: string) => ({
  description,
  content: { 'application/json': { schema: JsonRpcErrorResponseSchema } },
});

/** The refusals the endpoint makes before the MCP transport sees the request (see mcpEndpoint). */
const ENDPOINT_ERRORS = {
  401: errorResponse('Missing, invalid, expired or revoked API key.'),
  403: errorResponse(
    'A browser `Origin` that is neither the server’s own nor in `HEARBACK_MCP_ALLOWED_ORIGINS` (`origin_not_allowed`, DNS-rebinding protection).',
  ),
  500: errorResponse('Unexpected server error.'),
};

function toolLine(tool: HearbackTool): string {
  const brand = tool.organizationWide ? ' (organization-wide keys only)' : '';
  return `\`${tool.name}\`${brand}`;
}

/**
 * The tools each scope lets a key call, one line a scope, from the tools' own scopes: a tool that
 * accepts several scopes is listed under each.
 */
function toolsByScope(tools: readonly HearbackTool[]): string {
  return KEY_SCOPES.flatMap((scope) => {
    const callable = tools.filter((tool) => tool.acceptedScopes.includes(scope));
    return callable.length === 0 ? [] : [`- \`${scope}\`: ${callable.map(toolLine).join(', ')}`];
  }).join('\n');
}

function postDescription(tools: readonly HearbackTool[]): string {
  return [
    'The Model Context Protocol for AI agents, over Streamable HTTP, stateless: each `POST` carries one JSON-RPC message and gets its answer as one JSON body (no session, no SSE stream: `GET` and `DELETE` answer 405 with `Allow: POST`). Point an MCP client at this URL with the API key in `X-Service-Key` (or `Authorization: Bearer`); the tools act for that key exactly as the REST operations they stand for would.',
    '',
    `\`tools/list\` shows a key the tools it may call among those the server offers (the theme tools need semantic search on). The tools by the scope that lets a key call them (\`x-mcp-tools\` lists them with their titles):`,
    '',
    toolsByScope(tools),
  ].join('\n');
}

/** What `x-mcp-tools` says of each tool: its name, title and who may call it. */
function toolSummary(tool: HearbackTool) {
  return {
    name: tool.name,
    title: tool.title,
    requiredScope: tool.requiredScope,
    ...(tool.acceptedScopes.length > 1 && { acceptedScopes: [...tool.acceptedScopes] }),
    ...(tool.organizationWide && { organizationWide: true }),
  };
}

/**
 * `POST /mcp` as the document describes it: the JSON-RPC body in outline, what each refusal looks
 * like, and the tools a key may call by scope, from the tools' own table. Documentation only:
 * `mcpEndpoint` serves the path.
 *
 * @example
 * for (const route of mcpRoutes(HEARBACK_TOOLS)) app.openAPIRegistry.registerPath(route);
 */
export function mcpRoutes(tools: readonly HearbackTool[]): RouteConfig[] {
  const send = createRoute({
    method: 'post',
    path: MCP_PATH,
    tags: ['MCP'],
    operationId: 'callMcp',
    summary: 'Send an MCP message',
    description: postDescription(tools),
    externalDocs: { description: 'MCP: the Streamable HTTP transport', url: MCP_TRANSPORT_SPEC },
    // An API key only (`readApiKey`), as a header or a bearer token: no session cookie.
    security: KEY_ONLY_SECURITY,
    'x-mcp-tools': tools.map(toolSummary),
    request: {
      headers: z.object({
        accept: z.string().openapi({
          param: { name: 'accept', in: 'header' },
          description: 'Must accept both `application/json` and `text/event-stream`, as the transport requires.',
          example: 'application/json, text/event-stream',
        }),
        'mcp-protocol-version': z
          .string()
          .optional()
          .openapi({
            param: { name: 'mcp-protocol-version', in: 'header' },
            description: 'After `initialize`: the protocol version it agreed.',
            example: MCP_SPEC_VERSION,
          }),
      }),
      body: { required: true, content: { 'application/json': { schema: JsonRpcMessageSchema } } },
    },
    responses: {
      200: {
        description: 'The JSON-RPC response to a request.',
        content: { 'application/json': { schema: JsonRpcResponseSchema } },
      },
      202: { description: 'A notification was accepted; no body.' },
      400: {
        description:
          'Not a JSON-RPC message (-32700, -32600) or an unsupported `MCP-Protocol-Version` (JSON-RPC error); or not valid HTTP/1.1 (problem, `bad_request`), or a body whose bytes are not UTF-8 (problem, `malformed_json`).',
        content: {
          'application/json': { schema: JsonRpcErrorResponseSchema },
          ...CONNECTION_ERRORS[400].content,
        },
      },
      408: CONNECTION_ERRORS[408],
      431: CONNECTION_ERRORS[431],
      ...ENDPOINT_ERRORS,
      406: jsonRpcError('`Accept` lacks `application/json` or `text/event-stream`.'),
      413: errorResponse('The request body exceeds the size limit (`payload_too_large`).'),
      415: {
        description:
          'The body is not sent as `application/json` (JSON-RPC error), or declares a charset other than UTF-8 (problem, `unsupported_media_type`).',
        content: {
          'application/json': { schema: JsonRpcErrorResponseSchema },
          ...CONNECTION_ERRORS[400].content,
        },
      },
    },
  });
  return [send];
}
