import type { Hook } from '@hono/zod-openapi';
import { ApiError } from '../errors/api-error.js';
import type { AppEnv } from './app-env.js';

/** The issues of a failed zod parse as one 400 problem listing each bad field. */
export function validationFailed(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
  target: string,
): ApiError {
  const errors = issues.map((issue) => ({
    path: issue.path.map(String).join('.') || target,
    message: issue.message,
  }));
  const where = target === 'json' ? 'request body' : target === 'query' ? 'query string' : target;
  return new ApiError(
    400,
    'validation_failed',
    `The ${where} is invalid: ${errors.map((e) => `${e.path}: ${e.message}`).join('; ')}`,
    { errors },
  );
}

/** Every zod validation failure becomes one 400 problem listing each bad field. */
// biome-ignore lint/suspicious/noExplicitAny: the hook is shared by routes of every shape.
export const validationHook: Hook<any, AppEnv, any, any> = (result) => {
  if (result.success) return;
  throw validationFailed(result.error.issues, result.target);
};
