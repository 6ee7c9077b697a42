import { alternatives } from '@hearback/spec';
import type { SkillDocument, SkillExample } from './skill-document.js';

const yamlString = (value: string) => JSON.stringify(value);

function httpExample(example: SkillExample): string {
  const url = new URL(example.url);
  const lines = [`${example.method} ${url.pathname}${url.search} HTTP/1.1`, `Host: ${url.host}`];
  for (const [name, value] of Object.entries(example.headers)) lines.push(`${name}: ${value}`);
  if (example.body) lines.push('', JSON.stringify(example.body, null, 2));
  return ['```http', ...lines, '```'].join('\n');
}

function curlExample(example: SkillExample): string {
  const parts = [`curl -X ${example.method} '${example.url}'`];
  for (const [name, value] of Object.entries(example.headers)) parts.push(`-H '${name}: ${value}'`);
  if (example.body) parts.push(`-d '${JSON.stringify(example.body)}'`);
  return ['```sh', parts.join(' \\\n  '), '```'].join('\n');
}

const cell = (text: string) => text.replaceAll('|', '\\|').replaceAll('\n', ' ');

/** The scope an operation or tool needs, as code: "`read`", or "`read` or `forms`" when either will do. */
const scopeText = (required: string, accepted: string[] = [required]) =>
  alternatives(accepted.map((scope) => `\`${scope}\``));

/** Said next to the scope of an operation or tool that a brand-scoped key is refused. */
const orgWideText = (item: { organizationWide?: true }) =>
  item.organizationWide ? ', organization-wide keys only' : '';

/**
 * skill.md: YAML front matter (name, version, description, API base, OpenAPI and MCP URLs), then
 * how to authenticate, the common tasks with example requests, every operation and every MCP tool.
 *
 * @example
 * const markdown = renderSkillMarkdown(buildSkillDocument(document, tools, 'http://localhost:3000'));
 */
export function renderSkillMarkdown(skill: SkillDocument): string {
  const sections = [
    [
      '---',
      `name: ${skill.name}`,
      `version: ${yamlString(skill.version)}`,
      `description: ${yamlString(skill.description)}`,
      `api_base: ${yamlString(skill.apiBase)}`,
      `openapi: ${yamlString(skill.openapiUrl)}`,
      `mcp: ${yamlString(skill.mcpUrl)}`,
      '---',
    ].join('\n'),
    `# Hearback\n\n${skill.description}\n\nThe full contract is the OpenAPI 3.1 document at ${skill.openapiUrl}. Every path is also served under \`/v1\`. Errors are \`application/problem+json\` with a stable \`code\` (e.g. \`insufficient_scope\`, \`not_found\`, \`validation_failed\`, \`event_limit_reached\`); lists page with \`?limit=&cursor=\` and answer \`{ data, nextCursor }\`.`,
    [
      '## Authenticate',
      '',
      `Send an API key on every request: \`${skill.authentication.header}\` (or \`${skill.authentication.alternative}\`). Keys look like \`${skill.authentication.keyFormat}\`.`,
      '',
      'Scopes decide what a key may do:',
      '',
      ...Object.entries(skill.authentication.scopes).map(([scope, meaning]) => `- \`${scope}\`: ${meaning}`),
      '',
      `${skill.authentication.identity} Other organizations' ids answer 404, as if absent. A brand-scoped key sees its brand's data only, and is refused (403 \`forbidden\`) the operations marked "organization-wide keys only".`,
    ].join('\n'),
    [
      '## Common tasks',
      ...skill.tasks.map((task) =>
        [
          `### ${task.title}`,
          '',
          `\`${task.method} ${task.path}\` (${task.scope ? `scope ${scopeText(task.scope, task.acceptedScopes)}${orgWideText(task)}` : 'any valid key'}): ${task.summary}. ${task.description}`,
          '',
          httpExample(task.example),
          '',
          curlExample(task.example),
        ].join('\n'),
      ),
    ].join('\n\n'),
    [
      '## MCP',
      '',
      `Agents that speak the Model Context Protocol can use ${skill.mcp.url} (Streamable HTTP, stateless) with the same key header; each tool needs the scope shown, like the REST operation it stands for, and \`tools/list\` shows only the tools the key may call: those one of its scopes allows, less the organization-wide ones for a brand-scoped key. Desktop agents that speak stdio can run \`${[skill.mcp.stdio.command, ...skill.mcp.stdio.args].join(' ')}\` with \`HEARBACK_URL\` and \`HEARBACK_API_KEY\` set.`,
      '',
      '```json',
      JSON.stringify(
        {
          mcpServers: {
            hearback: { type: 'http', url: skill.mcp.url, headers: { 'X-Service-Key': 'hb_…' } },
          },
        },
        null,
        2,
      ),
      '```',
      '',
      '| Tool | Scope | What it does |',
      '| --- | --- | --- |',
      ...skill.mcp.tools.map(
        (tool) =>
          `| \`${tool.name}\` | ${scopeText(tool.requiredScope, tool.acceptedScopes)}${orgWideText(tool)} | ${cell(tool.description)} |`,
      ),
    ].join('\n'),
    [
      '## All operations',
      '',
      '| Method | Path | Scope | Summary |',
      '| --- | --- | --- | --- |',
      ...skill.operations.map(
        (operation) =>
          `| ${operation.method} | \`${operation.path}\` | ${operation.scope ? `${scopeText(operation.scope, operation.acceptedScopes)}${orgWideText(operation)}` : operation.authenticated ? 'any key' : 'none'} | ${cell(operation.summary)} (\`${operation.operationId}\`) |`,
      ),
    ].join('\n'),
  ];
  return `${sections.join('\n\n')}\n`;
}
