import type { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { AppEnv } from '../http/app-env.js';
import { servedTools } from '../mcp/server-backend.js';
import { openApiDocument } from '../openapi.js';
import { buildSkillDocument, type SkillDocument } from './skill-document.js';
import { renderSkillMarkdown } from './skill-markdown.js';

/** Where the skill files are served: at the root and, for agents that look there, under `/.well-known/`. */
export const SKILL_PATHS = {
  markdown: ['/skill.md', '/.well-known/skill.md'],
  json: ['/skill.json', '/.well-known/skill.json'],
} as const;

/**
 * Serves skill.md and skill.json, built from this app's OpenAPI document and MCP tools, with URLs
 * under the configured public URL, or else of the host the request reached.
 *
 * @example
 * registerSkillRoutes(app); // GET /skill.md, /skill.json, /.well-known/skill.md, /.well-known/skill.json
 */
export function registerSkillRoutes(app: OpenAPIHono<AppEnv>, publicUrl?: string): void {
  let document: ReturnType<typeof openApiDocument> | undefined;
  const skillFor = (c: Context<AppEnv>): SkillDocument => {
    document ??= openApiDocument(app);
    return buildSkillDocument(document, servedTools(c.var.services), publicUrl ?? new URL(c.req.url).origin);
  };
  for (const path of SKILL_PATHS.markdown) {
    app.get(path, (c) =>
      c.body(renderSkillMarkdown(skillFor(c)), 200, { 'content-type': 'text/markdown; charset=utf-8' }),
    );
  }
  for (const path of SKILL_PATHS.json) app.get(path, (c) => c.json(skillFor(c)));
}
