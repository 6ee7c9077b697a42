import { inputIssues } from '@hearback/inputs';
import type { Hook } from '@hono/zod-openapi';
import { validationFailed } from '../domain/parse-input.js';
import type { AppEnv } from './app-env.js';

/**
 * Every validation failure becomes one 400 problem listing each bad field: the schema's issues and
 * text that is not valid Unicode anywhere in the input, members the schema ignores included.
 */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every shape.
export const validationHook: Hook<any, AppEnv, any, any> = async (result, c) => {
  // @hono/zod-validator passes the input as it came in `data` on a failure, as parsed on a success.
  const data = (result as { data?: unknown }).data;
  // A body as it came: Hono hands back the parse the validator made. When the validator read no body
  // (no JSON Content-Type, so the body is empty) it validated `{}`, and so is that checked.
  const value = result.target === 'json' ? await c.req.json().catch(() => data) : data;
  // Query strings, paths and headers cannot carry a lone surrogate over HTTP (they decode to U+FFFD
  // or stay percent-encoded), so their parsed values suffice.
  const issues = inputIssues(value, result.success ? [] : result.error.issues);
  if (issues.length > 0) throw validationFailed(issues, result.target);
};
