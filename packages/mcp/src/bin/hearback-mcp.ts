#!/usr/bin/env node
// `hearback-mcp`: the Hearback MCP tools over stdio, for desktop agents, proxied to a Hearback
// server's REST API. stdout carries the protocol only; diagnostics go to stderr.
import { plainMessages } from '@hearback/inputs';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
import { createHearbackMcpServer } from '../register.js';
import { createRemoteBackend } from '../remote/remote-backend.js';

const USAGE = `Usage: HEARBACK_URL=https://feedback.example.com HEARBACK_API_KEY=hb_… hearback-mcp

Serves the Hearback MCP tools over stdio, calling the Hearback server at HEARBACK_URL with
HEARBACK_API_KEY (its scopes decide which tools are listed and succeed: collect, read, write,
forms, triage).
`;

const baseUrl = process.env.HEARBACK_URL;
const apiKey = process.env.HEARBACK_API_KEY;
if (process.argv.includes('--help') || process.argv.includes('-h')) {
  process.stderr.write(USAGE);
  process.exit(0);
}
if (!baseUrl || !apiKey) {
  process.stderr.write(
    `hearback-mcp: set ${baseUrl ? '' : 'HEARBACK_URL '}${apiKey ? '' : 'HEARBACK_API_KEY'}\n\n${USAGE}`,
  );
  process.exit(1);
}

// The process is ours: the SDK's check of a tool's arguments (zod's defaults) reads plain messages too.
z.config(plainMessages());

const server = createHearbackMcpServer(createRemoteBackend({ baseUrl, apiKey }), {
  onUnexpectedError: (error, toolName) =>
    process.stderr.write(`hearback-mcp: ${toolName} failed: ${error instanceof Error ? error.stack : String(error)}\n`),
});
await server.connect(new StdioServerTransport());
