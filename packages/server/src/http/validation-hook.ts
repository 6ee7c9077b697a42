import { type InputIssue, inputIssues, PLAIN_MESSAGES } from '@hearback/inputs';
import type { Hook, RouteConfig } from '@hono/zod-openapi';
import type { Context } from 'hono';
import type { z } from 'zod';
import { validationFailed } from '../domain/parse-input.js';
import type { AppEnv } from './app-env.js';
import { withRepeatedParameters } from './repeated-query-parameters.js';

// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every shape.
type AnyHook = Hook<any, AppEnv, any, any>;
type ValidationResult = Parameters<AnyHook>[0];

/** The schema a route's validator checks `target` with (`json`, `form`, `query`, `param`, `header`, `cookie`). */
function schemaOf(request: RouteConfig['request'], target: string): z.ZodType | undefined {
  if (target === 'query') return request?.query as z.ZodType | undefined;
  if (target === 'param') return request?.params as z.ZodType | undefined;
  if (target === 'header') return request?.headers as z.ZodType | undefined;
  if (target === 'cookie') return request?.cookies as z.ZodType | undefined;
  const content = Object.entries((request?.body?.content ?? {}) as Record<string, { schema?: unknown }>);
  const isTarget = (mediaType: string) =>
    target === 'json' ? mediaType.includes('json') : target === 'form' && /form/.test(mediaType);
  return content.find(([mediaType]) => isTarget(mediaType))?.[1].schema as z.ZodType | undefined;
}

/**
 * Every validation failure becomes one 400 problem listing each bad field: the schema's issues and
 * text that is not valid Unicode anywhere in the input, members the schema ignores included.
 */
async function refuseInvalid(result: ValidationResult, c: Context<AppEnv>, schemaIssues: readonly InputIssue[]) {
  // @hono/zod-validator passes the input as it came in `data` on a failure, as parsed on a success.
  const data = (result as { data?: unknown }).data;
  // A body as it came: Hono hands back the parse the validator made. When the validator read no body
  // (no JSON Content-Type, so the body is empty) it validated `{}`, and so is that checked.
  const value = result.target === 'json' ? await c.req.json().catch(() => data) : data;
  // Query strings, paths and headers cannot carry a lone surrogate over HTTP (they decode to U+FFFD
  // or stay percent-encoded), so their parsed values suffice.
  const issues = inputIssues(value, schemaIssues);
  if (issues.length > 0) throw validationFailed(issues, result.target);
}

/**
 * The validation hook of a route's request parts: a failure answers the 400 problem, its messages
 * the schema's own, else the plain ones (PLAIN_MESSAGES). @hono/zod-openapi parses without options,
 * so a refused part is parsed again, with them: only a failure pays for it, and zod's process-wide
 * configuration stays the embedding app's.
 *
 * @example
 * app.openapi(route, handler, validationHookFor(route.request));
 */
export function validationHookFor(request: RouteConfig['request']): AnyHook {
  return async (result, c) => {
    if (result.success) return refuseInvalid(result, c, []);
    const schema = schemaOf(request, result.target);
    const data = (result as { data?: unknown }).data;
    const plain = schema ? await schema.safeParseAsync(data, PLAIN_MESSAGES) : undefined;
    const issues = plain && !plain.success ? plain.error.issues : result.error.issues;
    // Hono hands a repeated query parameter over as a list: said as such, not as a bad value.
    return refuseInvalid(result, c, result.target === 'query' ? withRepeatedParameters(schema, data, issues) : issues);
  };
}

/** The hook of routes without a request schema of their own (see {@link validationHookFor}). */
export const validationHook: AnyHook = validationHookFor(undefined);
