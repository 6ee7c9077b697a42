import type { HearbackTool } from '@hearback/mcp/tools';
import { z } from 'zod';
import { NO_SDK_METHOD } from '../openapi.js';
import { SKILL_TASKS } from './skill-tasks.js';

const HTTP_METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** The parts of an OpenAPI 3.1 document the skill files read. */
export interface OpenApiLike {
  info: { title: string; version: string; description?: string | undefined };
  paths?: Record<string, object | undefined> | undefined;
}

interface OperationLike {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: unknown[];
  'x-required-scope'?: string;
  'x-accepted-scopes'?: string[];
  'x-access'?: string;
  'x-organization-wide'?: boolean;
  [NO_SDK_METHOD]?: boolean;
}

export interface SkillOperation {
  operationId: string;
  method: string;
  path: string;
  summary: string;
  /**
   * The API key scope required (the preferred one when several would do); `null` when any valid
   * key (or none, for health probes) will do.
   */
  scope: string | null;
  /** When a key holding any of several scopes may call it: all of them, the preferred first. */
  acceptedScopes?: string[];
  /** Operations no key may call: `signed in` (a person's session), `instance admin`. */
  access?: string;
  /** On the whole organization: a brand-scoped key is refused it (403 `forbidden`). */
  organizationWide?: true;
  authenticated: boolean;
}

export interface SkillExample {
  method: string;
  /** With the example's path parameters and query string filled in. */
  url: string;
  headers: Record<string, string>;
  body?: Record<string, unknown> | undefined;
}

export interface SkillDocument {
  name: string;
  version: string;
  description: string;
  apiBase: string;
  openapiUrl: string;
  mcpUrl: string;
  authentication: {
    header: string;
    alternative: string;
    keyFormat: string;
    scopes: Record<string, string>;
    identity: string;
  };
  tasks: (Omit<SkillOperation, 'authenticated'> & { title: string; description: string; example: SkillExample })[];
  operations: SkillOperation[];
  mcp: {
    url: string;
    transport: 'streamable-http';
    stdio: { command: string; args: string[]; env: Record<string, string> };
    tools: {
      name: string;
      title: string;
      description: string;
      requiredScope: string;
      /** When any of several scopes will do: all of them, the preferred first. */
      acceptedScopes?: string[];
      /** Its operation is organization-wide: a brand-scoped key is refused it and not shown it. */
      organizationWide?: true;
      inputSchema: unknown;
    }[];
  };
}

export const SKILL_NAME = 'hearback';
export const SKILL_DESCRIPTION =
  'Collect and analyse user feedback with Hearback: submit ratings and comments to inboxes, read and filter feedback, get NPS/CSAT statistics, and triage items, over a JSON REST API or MCP.';

const SCOPES: Record<string, string> = {
  collect: 'submit feedback (POST /collect, submit_feedback)',
  read: 'read inboxes, brands, feedback and statistics',
  write: 'change things: triage feedback, manage inboxes, brands, notes and keys',
  forms: 'feedback pages (forms)',
  triage: 'triage feedback only: status, assignee, notes, issue links, saved views',
  members: "manage members and invitations (a member's role only: admin, owner)",
  owner: "delete or hand over the organization (the owner's role only)",
};

/**
 * Every operation of the REST API in the document, in document order: not those of other protocols
 * and audiences (`x-sdk: false`); the skill files describe `/mcp` on their own.
 */
export function operationsOf(document: OpenApiLike): SkillOperation[] {
  return Object.entries(document.paths ?? {}).flatMap(([path, item]) =>
    HTTP_METHODS.flatMap((method) => {
      const operation = (item as Record<string, OperationLike | undefined> | undefined)?.[method];
      if (!operation?.operationId || operation[NO_SDK_METHOD] === false) return [];
      return [
        {
          operationId: operation.operationId,
          method: method.toUpperCase(),
          path,
          summary: operation.summary ?? '',
          scope: operation['x-required-scope'] ?? null,
          ...(operation['x-accepted-scopes'] && { acceptedScopes: operation['x-accepted-scopes'] }),
          ...(operation['x-access'] && { access: operation['x-access'] }),
          ...(operation['x-organization-wide'] === true && { organizationWide: true as const }),
          authenticated: (operation.security?.length ?? 0) > 0,
        },
      ];
    }),
  );
}

function exampleOf(
  operation: SkillOperation,
  task: (typeof SKILL_TASKS)[number],
  apiBase: string,
  orgId: string,
): SkillExample {
  const parameters: Record<string, string> = { orgId, ...task.path };
  const path = operation.path.replace(/\{(\w+)\}/g, (_match, name: string) => parameters[name] ?? `{${name}}`);
  const query = task.query
    ? `?${new URLSearchParams(Object.entries(task.query).map(([key, value]): [string, string] => [key, String(value)]))}`
    : '';
  const headers: Record<string, string> = { 'X-Service-Key': 'hb_…' };
  if (task.body) headers['Content-Type'] = 'application/json';
  return { method: operation.method, url: `${apiBase}${path}${query}`, headers, body: task.body };
}

/**
 * The skill files' content (skill.json as is; skill.md renders it): built from the OpenAPI
 * document and the MCP tool list the server serves, so neither can drift from the API.
 *
 * @example
 * const skill = buildSkillDocument(openApiDocument(app), servedTools(services), 'https://feedback.example.com');
 */
export function buildSkillDocument(
  document: OpenApiLike,
  tools: readonly HearbackTool[],
  apiBase: string,
): SkillDocument {
  const operations = operationsOf(document);
  const byId = new Map(operations.map((operation) => [operation.operationId, operation]));
  const tasks = SKILL_TASKS.map((task) => {
    const operation = byId.get(task.operationId);
    if (!operation) throw new Error(`Skill task '${task.title}' names no operation: ${task.operationId}`);
    const { authenticated: _authenticated, ...described } = operation;
    return {
      title: task.title,
      description: task.description,
      ...described,
      example: exampleOf(operation, task, apiBase, 'org_01jd3x2k9v6c4h8m2n5p7q1r3s'),
    };
  });
  return {
    name: SKILL_NAME,
    version: document.info.version,
    description: SKILL_DESCRIPTION,
    apiBase,
    openapiUrl: `${apiBase}/openapi.json`,
    mcpUrl: `${apiBase}/mcp`,
    authentication: {
      header: 'X-Service-Key: <key>',
      alternative: 'Authorization: Bearer <key>',
      keyFormat: 'hb_<id>_<secret>',
      scopes: SCOPES,
      identity: 'GET /me answers the key’s orgId, brandId and scopes.',
    },
    tasks,
    operations,
    mcp: {
      url: `${apiBase}/mcp`,
      transport: 'streamable-http',
      stdio: {
        command: 'npx',
        args: ['-y', '@hearback/mcp'],
        env: { HEARBACK_URL: apiBase, HEARBACK_API_KEY: 'hb_…' },
      },
      tools: tools.map((tool) => ({
        name: tool.name,
        title: tool.title,
        description: tool.description,
        requiredScope: tool.requiredScope,
        ...(tool.acceptedScopes.length > 1 && { acceptedScopes: [...tool.acceptedScopes] }),
        ...(tool.organizationWide && { organizationWide: true as const }),
        inputSchema: z.toJSONSchema(tool.inputSchema, { io: 'input' }),
      })),
    },
  };
}
