/**
 * `@hearback/mcp/remote`: a {@link HearbackBackend} over a Hearback server's REST API (with
 * `@hearback/client`), for an MCP server of your own that proxies to a Hearback instance. A
 * subpath, so the main entry stays free of the HTTP client the server itself never needs.
 *
 * @example
 * const server = createHearbackMcpServer(createRemoteBackend({ baseUrl: 'https://feedback.example.com', apiKey: 'hb_…' }));
 */
export type { HearbackBackend } from './backend.js';
export { createRemoteBackend, type RemoteBackendOptions } from './remote/remote-backend.js';
