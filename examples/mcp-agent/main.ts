// The mcp-agent example, self-verifying: starts a fresh Hearback server with its CLI, then plays
// an AI agent that knows only the server's address and an API key. It reads skill.md to find the
// MCP endpoint, connects with the official MCP SDK client over Streamable HTTP, submits feedback,
// finds it again by meaning (search_feedback), reads the statistics and triages an item. Exits 1
// on any failure.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

const cli = join(dirname(createRequire(import.meta.url).resolve('@hearback/server/package.json')), 'dist/cli.js');
// SQLite in a throwaway directory, whatever the shell's environment says.
const { DATABASE_URL: _ignored, ...baseEnv } = process.env;
const serverEnv = { ...baseEnv, HEARBACK_LOG_LEVEL: 'error' };

function check(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(`Check failed: ${message}`);
}

async function initOrganization(dataDir: string) {
  const { stdout } = await promisify(execFile)(process.execPath, [cli, 'init', '--json', '--data-dir', dataDir], {
    env: serverEnv,
  });
  return JSON.parse(stdout) as { orgId: string; inboxKey: string; adminKey: string; collectKey: string };
}

async function serve(dataDir: string): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(process.execPath, [cli, 'serve', '--port', '0', '--host', '127.0.0.1', '--data-dir', dataDir], {
    env: serverEnv,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NodeJS.ReadableStream });
  const timeout = setTimeout(() => child.kill('SIGKILL'), 30_000);
  try {
    for await (const line of lines) {
      const url = line.match(/listening on (http:\/\/\S+)/)?.[1];
      if (url) return { url, child };
    }
  } finally {
    clearTimeout(timeout);
  }
  throw new Error('The server exited before listening');
}

/** What an agent does first: read skill.md and take the MCP endpoint from its front matter. */
async function discoverMcpUrl(baseUrl: string): Promise<URL> {
  const skill = await (await fetch(`${baseUrl}/skill.md`)).text();
  const frontMatter = /^---\n([\s\S]*?)\n---/.exec(skill)?.[1] ?? '';
  const mcp = /^mcp: "?([^"\n]+)"?$/m.exec(frontMatter)?.[1];
  check(mcp, 'skill.md names the MCP endpoint in its front matter');
  check(skill.includes('submit_feedback') && skill.includes('X-Service-Key'), 'skill.md explains tools and auth');
  return new URL(mcp);
}

async function main(): Promise<void> {
  const dataDir = mkdtempSync(join(tmpdir(), 'hearback-mcp-agent-'));
  let server: { url: string; child: ChildProcess } | undefined;
  let agent: Client | undefined;
  try {
    const keys = await initOrganization(dataDir);
    server = await serve(dataDir);

    const mcpUrl = await discoverMcpUrl(server.url);
    agent = new Client({ name: 'example-agent', version: '1.0.0' });
    await agent.connect(
      new StreamableHTTPClientTransport(mcpUrl, { requestInit: { headers: { 'X-Service-Key': keys.adminKey } } }),
    );
    const connected = agent;
    const call = async (name: string, args: Record<string, unknown> = {}) => {
      const result = (await connected.callTool({ name, arguments: args })) as CallToolResult;
      check(!result.isError, `${name} succeeds: ${JSON.stringify(result.content)}`);
      return result.structuredContent as Record<string, unknown> & { items?: Record<string, unknown>[] };
    };

    const tools = (await agent.listTools()).tools.map((tool) => tool.name);
    console.log(`tools: ${tools.join(', ')}`);

    const { inboxes } = (await call('list_inboxes')) as { inboxes: { inboxKey: string; name: string }[] };
    const inbox = inboxes[0];
    check(inbox, 'the organization has an inbox');

    const submissions = [
      { type: 'nps', score: 10, comment: 'Love the new dark mode' },
      { type: 'nps', score: 3, comment: 'Checkout keeps timing out on mobile' },
      { type: 'csat', score: 2, comment: 'Support said the checkout timeout is known, still broken' },
      { type: 'thumbs', score: 1 },
    ];
    const ids: string[] = [];
    for (const submission of submissions) {
      const { id } = await call('submit_feedback', {
        inboxKey: inbox.inboxKey,
        agentName: 'example-agent',
        ...submission,
      });
      ids.push(id as string);
    }
    console.log(`submitted ${ids.length} feedback items to ${JSON.stringify(inbox.name)}`);

    // Search by meaning: no word of the query is in the checkout complaints. The server embeds new
    // feedback just after storing it; until all three comments are embedded, some results match by
    // words alone (similarity null), so ask again shortly.
    type Hit = { score: number; similarity: number | null; feedback: Record<string, unknown> };
    const query = 'payment page is too slow';
    let results: Hit[] = [];
    for (const deadline = Date.now() + 30_000; ; ) {
      results = ((await call('search_feedback', { query, limit: 3 })) as { results: Hit[] }).results;
      if (results.filter((hit) => hit.similarity !== null).length === 3 || Date.now() > deadline) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    console.log(
      `search_feedback ${JSON.stringify(query)}:\n${results
        .map((hit) => `  ${hit.score.toFixed(2)} ${JSON.stringify(hit.feedback.comment)}`)
        .join('\n')}`,
    );
    const found = results.slice(0, 2).map((hit) => hit.feedback);
    const foundIds = found.map((item) => item.id);
    check(
      foundIds.includes(ids[1]) && foundIds.includes(ids[2]),
      'search_feedback ranks both checkout complaints first',
    );
    check(
      found.every(
        (item) => item.source === 'mcp' && (item.context as { agentName?: string }).agentName === 'example-agent',
      ),
      'they are recorded as sent over MCP by example-agent',
    );

    const stats = (await call('get_feedback_stats', {})) as {
      total: number;
      nps: { score: number | null; responses: number };
      csat: { score: number | null };
    };
    check(stats.total === 4, `stats count 4 items (got ${stats.total})`);
    check(stats.nps.responses === 2 && stats.nps.score === 0, `NPS is 0 over 2 responses (got ${stats.nps.score})`);
    check(stats.csat.score === 0, `CSAT is 0% (got ${stats.csat.score})`);
    console.log(`stats: ${stats.total} items, NPS ${stats.nps.score}, CSAT ${stats.csat.score}%`);

    const triaged = (await call('update_feedback_status', { id: ids[1], status: 'triaged' })) as {
      feedback: { status: string };
    };
    check(triaged.feedback.status === 'triaged', 'the agent triaged the checkout complaint');
    console.log('mcp-agent example: discovered /mcp, submitted, found, summarised and triaged feedback: ok');
  } finally {
    await agent?.close();
    if (server && server.child.exitCode === null) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
