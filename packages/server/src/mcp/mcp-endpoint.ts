import type { HttpBindings } from '@hono/node-server';
import type { Handler } from 'hono';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from '../http/app-env.js';
import { readApiKey } from '../http/auth.js';
import { utf8Body } from '../http/utf8-body.js';
import { SERVER_VERSION } from '../version.js';
import { isOriginAllowed } from './origin.js';
import { createServerBackend } from './server-backend.js';

export const MCP_PATH = '/mcp';

let mcpSdk:
  | Promise<{
      createHearbackMcpServer: typeof import('@hearback/mcp').createHearbackMcpServer;
      WebStandardStreamableHTTPServerTransport: typeof import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js').WebStandardStreamableHTTPServerTransport;
    }>
  | undefined;

/**
 * The MCP SDK and its transport, loaded with the first `/mcp` request: about 6 MB of heap that a
 * server nobody's agent talks to never needs (and V8 lets the heap grow in proportion to it).
 */
function loadMcpSdk() {
  mcpSdk ??= Promise.all([
    import('@hearback/mcp'),
    import('@modelcontextprotocol/sdk/server/webStandardStreamableHttp.js'),
  ]).then(([{ createHearbackMcpServer }, { WebStandardStreamableHTTPServerTransport }]) => ({
    createHearbackMcpServer,
    WebStandardStreamableHTTPServerTransport,
  }));
  return mcpSdk;
}

export interface McpEndpointOptions {
  /** Origins besides the server's own that browsers may call `/mcp` from (`*`: any). */
  allowedOrigins: readonly string[];
  /** `HEARBACK_PUBLIC_URL`: its origin is the server's own (see mcp/origin.ts). */
  publicUrl?: string | undefined;
  logError?: ((error: unknown, requestId: string | undefined) => void) | undefined;
}

/** The port of the local socket a request arrived on; undefined in-process (`app.request`). */
function localPortOf(env: unknown): number | undefined {
  return (env as Partial<HttpBindings> | undefined)?.incoming?.socket?.localPort;
}

/** Stateless: no server-initiated stream to open (GET) and no session to end (DELETE). */
function methodNotAllowed(): Response {
  const body = {
    jsonrpc: '2.0',
    error: { code: -32000, message: 'Method not allowed: this MCP endpoint is stateless; send requests with POST.' },
    id: null,
  };
  return new Response(JSON.stringify(body), {
    status: 405,
    headers: { allow: 'POST', 'content-type': 'application/json' },
  });
}

/**
 * `POST /mcp`: MCP over Streamable HTTP, stateless. The Origin is checked (403), then the API key
 * (401), before the MCP SDK sees the request; each request gets its own MCP server whose tools act
 * for that key, exactly as the REST API would.
 *
 * @example
 * app.on(['GET', 'POST', 'DELETE'], MCP_PATH, mcpEndpoint({ allowedOrigins: [] }));
 */
export function mcpEndpoint(options: McpEndpointOptions): Handler<AppEnv> {
  return async (c) => {
    const policy = {
      allowedOrigins: options.allowedOrigins,
      publicUrl: options.publicUrl,
      localPort: localPortOf(c.env),
    };
    if (!isOriginAllowed(c.req.header('origin'), policy)) {
      throw new ApiError(
        403,
        'origin_not_allowed',
        'Requests to /mcp from this Origin are refused (DNS-rebinding protection); set HEARBACK_PUBLIC_URL to the address browsers use, or add the origin to HEARBACK_MCP_ALLOWED_ORIGINS.',
      );
    }
    const principal = await c.var.services.apiKeys.authenticate(readApiKey(c.req.raw.headers));
    if (c.req.method !== 'POST') return methodNotAllowed();
    // Before the SDK reads it: its reader would store U+FFFD for bytes that are not UTF-8.
    const raw = c.req.raw;
    const body = await utf8Body(raw);
    const request = new Request(raw.url, {
      method: raw.method,
      headers: raw.headers,
      body,
      duplex: 'half',
    } as RequestInit);

    const requestId = c.get('requestId');
    const logError = (error: unknown) => options.logError?.(error, requestId);
    const { createHearbackMcpServer, WebStandardStreamableHTTPServerTransport } = await loadMcpSdk();
    const server = createHearbackMcpServer(createServerBackend(c.var.services, principal, { logError }), {
      version: SERVER_VERSION,
      onUnexpectedError: logError,
      features: c.var.services.features,
    });
    const transport = new WebStandardStreamableHTTPServerTransport({
      sessionIdGenerator: undefined,
      // Every tool answers in one piece: a JSON response, no SSE stream to keep open.
      enableJsonResponse: true,
    });
    await server.connect(transport);
    try {
      return await transport.handleRequest(request);
    } finally {
      await server.close();
    }
  };
}
